// Settings' `statusLine`, in Claude Code's shape: {"type": "command", "command": …, "padding": N}.
// The command runs at every change of the session, so a project's runs a program the repository
// chose: like a hook, it waits for the user's word (one trust request, keyed by a digest of the
// command, so a changed command is asked about again). The strongest file that has one wins; a
// project's the user did not trust is skipped, and the user's own (or none) is used.
import { isProjectSection } from '@wave-agent/agent-sdk';
import type { ProjectRequest, SettingsSection } from '@wave-agent/agent-sdk';
import { z } from 'zod';
import { commandRequest } from './project-request.js';

export const StatusLineSettingSchema = z.object({
  type: z.literal('command'),
  command: z.string().min(1).max(10_000),
  /** Spaces before the line (Claude Code's `padding`). */
  padding: z.number().int().min(0).max(40).optional(),
});
export type StatusLineSetting = z.output<typeof StatusLineSettingSchema>;

export interface StatusLineInForce extends StatusLineSetting {
  /** The settings file it comes from. */
  readonly file: string;
}

const SETTING = 'statusLine';

function requestOf(file: string, setting: StatusLineSetting): ProjectRequest {
  return commandRequest(
    file,
    SETTING,
    setting.command,
    'run this command at every change of the session to draw the status line',
  );
}

function parsed(section: SettingsSection): StatusLineSetting | undefined {
  const result = StatusLineSettingSchema.safeParse(section.value);
  return result.success ? result.data : undefined;
}

/** A project's status line command as a trust request (none when it has none). */
export function statusLineRequests(sections: readonly SettingsSection[]): ProjectRequest[] {
  return sections.filter(isProjectSection).flatMap((section) => {
    const setting = parsed(section);
    return setting ? [requestOf(section.file, setting)] : [];
  });
}

/** Why a file's `statusLine` is not used, as a sentence; undefined when it is well formed. */
export function statusLineProblem(section: SettingsSection): string | undefined {
  if (parsed(section)) return undefined;
  return `"statusLine" at ${section.locate(SETTING)} is ignored: it must be {"type": "command", "command": "…", "padding": N}, as in Claude Code.`;
}

/** The status line in force: the strongest file's, a project's only when the user trusted it. */
export function trustedStatusLine(
  sections: readonly SettingsSection[],
  granted: readonly ProjectRequest[],
): StatusLineInForce | undefined {
  const allowed = new Set(granted.map((request) => request.key));
  for (const section of [...sections].reverse()) {
    const setting = parsed(section);
    if (!setting) continue;
    if (isProjectSection(section) && !allowed.has(requestOf(section.file, setting).key)) continue;
    return { ...setting, file: section.file };
  }
  return undefined;
}
