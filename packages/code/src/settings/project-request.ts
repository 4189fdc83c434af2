// One thing a project's settings ask for that needs the user's trust, and the choices stronger
// than any settings file that decide whether it would change anything at all.
import { createHash } from 'node:crypto';
import type { ProjectRequest, ProviderSettings } from '@wave-agent/agent-sdk';
import type { PermissionMode } from '@wave-agent/shared-protocol';

/** What the user (flags) or the host (initialize) chose: stronger than any settings file. */
export interface StrongerChoices extends ProviderSettings {
  readonly permissionMode?: PermissionMode;
  /** --sandbox (true) or --no-sandbox (false). */
  readonly sandbox?: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** A request, remembered (when trusted) by its key `setting=value`. */
export function projectRequest(
  source: string,
  setting: string,
  value: string,
  description: string,
): ProjectRequest {
  return { key: `${setting}=${value}`, source, setting, value, description };
}

/**
 * A command a project's file would have Wave run (its status line, its key helper): remembered by a
 * digest of the file and the command, so a changed command is asked about again.
 */
export function commandRequest(
  source: string,
  setting: string,
  command: string,
  description: string,
): ProjectRequest {
  const digest = createHash('sha256')
    .update(JSON.stringify([source, command]))
    .digest('hex')
    .slice(0, 32);
  return { key: `${setting}=sha256:${digest}`, source, setting, value: command, description };
}
