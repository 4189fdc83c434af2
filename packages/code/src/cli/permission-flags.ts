// Claude Code's permission flags: `--allowedTools` and `--disallowedTools` (rules, as in the
// settings' permissions.allow and .deny: `Bash(git log:*)`, `Edit`, `mcp__notes`) and `--add-dir`
// (more work folders). They become one settings section of the user's own words, the strongest,
// so they go through the same rules, checks and messages as a settings file's.
import { resolve } from 'node:path';
import { BUILTIN_TOOL_NAMES, readPermissionSettings } from '@wave-agent/agent-sdk';
import type { SettingsSection } from '@wave-agent/agent-sdk';

export interface PermissionFlags {
  readonly allowedTools?: readonly string[];
  readonly disallowedTools?: readonly string[];
  readonly addDirs?: readonly string[];
}

/** Where the rules of the command line say they come from. */
export const COMMAND_LINE = 'the command line';

/**
 * Rules given as one or more words, each a list split by commas or spaces outside parentheses:
 * `--allowedTools "Bash(git log:*) Edit"` and `--allowedTools Bash(git log:*),Edit` alike.
 */
export function splitRules(values: readonly string[]): string[] {
  const rules: string[] = [];
  for (const value of values) {
    let depth = 0;
    let current = '';
    for (const char of value) {
      if (char === '(') depth += 1;
      if (char === ')') depth = Math.max(0, depth - 1);
      if (depth === 0 && (char === ',' || /\s/.test(char))) {
        if (current !== '') rules.push(current);
        current = '';
      } else current += char;
    }
    if (current !== '') rules.push(current);
  }
  return rules;
}

/** The flags as a settings section (undefined when none was given). */
export function permissionFlagsSection(
  flags: PermissionFlags,
  workdir: string,
): SettingsSection | undefined {
  const value = {
    ...(flags.allowedTools?.length ? { allow: flags.allowedTools } : {}),
    ...(flags.disallowedTools?.length ? { deny: flags.disallowedTools } : {}),
    ...(flags.addDirs?.length
      ? { additionalDirectories: flags.addDirs.map((dir) => resolve(workdir, dir)) }
      : {}),
  };
  if (Object.keys(value).length === 0) return undefined;
  const flagOf: Readonly<Record<string, string>> = {
    'permissions.allow': '--allowedTools',
    'permissions.deny': '--disallowedTools',
    'permissions.additionalDirectories': '--add-dir',
  };
  return {
    file: COMMAND_LINE,
    kind: 'user',
    baseDir: workdir,
    value,
    locate: (keyPath) => `${COMMAND_LINE} (${flagOf[keyPath] ?? keyPath})`,
  };
}

/** What is wrong with the flags' rules (a rule that cannot be read), as sentences; [] when none. */
export function permissionFlagProblems(flags: PermissionFlags, workdir: string): string[] {
  const section = permissionFlagsSection(flags, workdir);
  if (section === undefined) return [];
  // A rule naming a tool Wave lacks is kept (an MCP tool may connect later): not a mistake here.
  return readPermissionSettings([section], BUILTIN_TOOL_NAMES)
    .problems.filter((problem) => problem.includes(' is ignored: '))
    .map((problem) => problem.replace(' is ignored: ', ' cannot be read: '));
}
