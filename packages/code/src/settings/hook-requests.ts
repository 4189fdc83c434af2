// A project's hooks as trust requests: each runs a program the repository chose, at a point of
// every turn, so each waits for the user's word like an MCP server. A request is one hook entry
// (event, matcher, command, timeout) of one file, keyed by a digest of all of it, so a yes covers
// exactly that command: a `git pull` that adds or changes a hook is asked about again. The trust
// question shows each command in full. The user's own hooks ($WAVE_HOME/settings.json) need no
// trust and pass unchanged.
import { createHash } from 'node:crypto';
import { isRecord } from '@wave-agent/shared-protocol';
import { isProjectSection } from '@wave-agent/agent-sdk';
import type { HookSettingsSource, ProjectRequest, SettingsSection } from '@wave-agent/agent-sdk';

const SETTING_PREFIX = 'hooks.';

interface HookEntry {
  readonly event: string;
  readonly matcher: string;
  readonly command: string;
  readonly timeout: unknown;
}

function entryRequest(file: string, entry: HookEntry): ProjectRequest {
  const digest = createHash('sha256')
    .update(
      JSON.stringify([file, entry.event, entry.matcher, entry.command, entry.timeout ?? null]),
    )
    .digest('hex')
    .slice(0, 32);
  const when = entry.matcher && entry.matcher !== '*' ? ` (matcher "${entry.matcher}")` : '';
  return {
    key: `${SETTING_PREFIX}${entry.event}=sha256:${digest}`,
    source: file,
    setting: `${SETTING_PREFIX}${entry.event}`,
    value: entry.command,
    description: `run this command as a ${entry.event} hook${when}`,
  };
}

/**
 * The section's value with only the hook entries `keep` takes; what is not a hook entry (a bad
 * shape) is left out too, so nothing that was not asked about can run.
 */
function filtered(section: SettingsSection, keep: (entry: HookEntry) => boolean): unknown {
  if (!isRecord(section.value)) return {};
  const events: Record<string, unknown> = {};
  for (const [event, groups] of Object.entries(section.value)) {
    if (!Array.isArray(groups)) continue;
    events[event] = groups.flatMap((group: unknown) => {
      if (!isRecord(group) || !Array.isArray(group['hooks'])) return [];
      const matcher = typeof group['matcher'] === 'string' ? group['matcher'] : '';
      const hooks = group['hooks'].filter(
        (hook: unknown) =>
          isRecord(hook) &&
          typeof hook['command'] === 'string' &&
          keep({ event, matcher, command: hook['command'], timeout: hook['timeout'] }),
      );
      return hooks.length > 0 ? [{ ...group, hooks }] : [];
    });
  }
  return events;
}

/** Every hook of the project's settings files, one request each. */
export function hookRequests(sections: readonly SettingsSection[]): ProjectRequest[] {
  const requests: ProjectRequest[] = [];
  for (const section of sections.filter(isProjectSection)) {
    filtered(section, (entry) => {
      requests.push(entryRequest(section.file, entry));
      return true;
    });
  }
  return requests;
}

export function isHookRequest(request: ProjectRequest): boolean {
  return request.setting.startsWith(SETTING_PREFIX);
}

/** The hooks that may run: the user's, and the project's the user trusted, entry by entry. */
export function trustedHooks(
  sections: readonly SettingsSection[],
  granted: readonly ProjectRequest[],
): HookSettingsSource[] {
  const allowed = new Set(granted.map((request) => request.key));
  return sections.map((section) =>
    isProjectSection(section)
      ? {
          file: section.file,
          value: filtered(section, (entry) => allowed.has(entryRequest(section.file, entry).key)),
        }
      : { file: section.file, value: section.value },
  );
}
