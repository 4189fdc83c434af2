// One thing a project's settings ask for that needs the user's trust, and the choices stronger
// than any settings file that decide whether it would change anything at all.
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
