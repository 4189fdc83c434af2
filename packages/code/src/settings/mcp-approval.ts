// Claude Code's approval keys for a project's `.mcp.json` servers: `enableAllProjectMcpServers`,
// `enabledMcpjsonServers` and `disabledMcpjsonServers`, in any settings file. Turning a server
// off is never an escalation, so a name in `disabledMcpjsonServers` of any file keeps that
// server from starting (and from the trust question). Turning one on without asking is the
// user's word only: `enableAllProjectMcpServers` and `enabledMcpjsonServers` count in the user's
// own files (~/.claude/settings.json, $WAVE_HOME/settings.json); in a file of the work folder
// (Claude Code writes them to `.claude/settings.local.json`, which a repository could ship too)
// they are said to wait for the folder's trust, where each server is asked about as usual.
import { isProjectSection } from '@wave-agent/agent-sdk';
import type { SettingsSection } from '@wave-agent/agent-sdk';
import { isRecord } from '@wave-agent/shared-protocol';

export const MCP_APPROVAL_KEYS: readonly string[] = [
  'enableAllProjectMcpServers',
  'enabledMcpjsonServers',
  'disabledMcpjsonServers',
];

const MAX_NAMES = 200;

export interface McpApproval {
  /** Whether the user's own settings start this project server without asking. */
  readonly approves: (name: string) => boolean;
  /** Whether some settings file keeps this project server from starting. */
  readonly disables: (name: string) => boolean;
}

/** One file's approval keys, as a section whose value holds only them. */
function namesIn(section: SettingsSection, key: string, problems: string[]): string[] {
  const list: unknown = isRecord(section.value) ? section.value[key] : undefined;
  if (list === undefined) return [];
  const names = Array.isArray(list)
    ? list.filter((name): name is string => typeof name === 'string')
    : [];
  if (!Array.isArray(list) || names.length !== list.length) {
    problems.push(
      `"${key}" at ${section.locate(key)} is ignored: it must be a list of server names, like ["github"].`,
    );
    return [];
  }
  return names.slice(0, MAX_NAMES);
}

export function readMcpApproval(
  sections: readonly SettingsSection[],
  problems: string[] = [],
): McpApproval {
  const approved = new Set<string>();
  const disabled = new Set<string>();
  let approvesAll = false;
  for (const section of sections) {
    const all: unknown = isRecord(section.value)
      ? section.value['enableAllProjectMcpServers']
      : undefined;
    if (all !== undefined && typeof all !== 'boolean')
      problems.push(
        `"enableAllProjectMcpServers" at ${section.locate('enableAllProjectMcpServers')} is ignored: it must be true or false.`,
      );
    const enabled = namesIn(section, 'enabledMcpjsonServers', problems);
    for (const name of namesIn(section, 'disabledMcpjsonServers', problems)) disabled.add(name);
    if (isProjectSection(section)) {
      if (all === true || enabled.length > 0)
        problems.push(
          `${section.file} approves .mcp.json servers; a file of the work folder cannot start them without your word, so they wait for the folder's trust. Approve them with "enabledMcpjsonServers" in your own settings, or trust the folder.`,
        );
      continue;
    }
    if (all === true) approvesAll = true;
    for (const name of enabled) approved.add(name);
  }
  return {
    approves: (name) => !disabled.has(name) && (approvesAll || approved.has(name)),
    disables: (name) => disabled.has(name),
  };
}
