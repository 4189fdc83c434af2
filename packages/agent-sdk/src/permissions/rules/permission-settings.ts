// The `permissions` key of every settings file, read into rules: `allow`, `ask` and `deny` lists
// of every file add up; `defaultMode` comes from the strongest file that sets it;
// `additionalDirectories` add up. Every problem is a sentence naming the file (with line and
// column), the rule and what is wrong; a bad rule is left out, the others still count. A rule
// naming a tool Wave does not have is kept (it may be an MCP tool that connects later, or a
// Claude Code tool Wave lacks) and said.
import { isAbsolute, resolve } from 'node:path';
import { homedir } from 'node:os';
import { PermissionModeSchema, isRecord } from '@wave-agent/shared-protocol';
import type { PermissionMode } from '@wave-agent/shared-protocol';
import type { SettingsSection } from '../../settings/settings-section.js';
import { bashPatternProblem } from './bash-pattern.js';
import { parseRuleText, RULE_BEHAVIORS } from './permission-rule.js';
import type { PermissionRule, RuleBehavior } from './permission-rule.js';
import { pathPatternProblem } from './path-pattern.js';
import { ruleFamily } from './rule-family.js';

export interface SourcedValue<T> {
  readonly value: T;
  readonly file: string;
  readonly where: string;
  readonly section: SettingsSection;
}

export interface PermissionSettings {
  /** Every well-formed rule, in file order (weakest file first). */
  readonly rules: readonly PermissionRule[];
  readonly defaultMode?: SourcedValue<PermissionMode>;
  /** `disableBypassPermissionsMode: "disable"` in any file: bypassPermissions cannot be used. */
  readonly bypassDisabled?: SourcedValue<'disable'>;
  /** Absolute folders, from every file. */
  readonly additionalDirectories: readonly SourcedValue<string>[];
  /** Sentences: file:line:column, the rule, what is wrong. */
  readonly problems: readonly string[];
}

const KNOWN_KEYS = [
  'allow',
  'ask',
  'deny',
  'defaultMode',
  'additionalDirectories',
  'disableBypassPermissionsMode',
];

/** Tools rules may name although Wave has none by that name: Claude Code's, said as such. */
const CLAUDE_CODE_ONLY = new Set(['NotebookEdit', 'NotebookRead', 'MultiEdit', 'SlashCommand']);

/** Why a parsed rule cannot work, or a warning that it does nothing here. */
function specifierProblem(tool: string, specifier: string): string | undefined {
  switch (ruleFamily(tool)) {
    case 'bash':
      return bashPatternProblem(specifier);
    case 'path':
      return pathPatternProblem(specifier);
    case 'task':
    case 'skill':
    case 'mcp':
      return undefined;
    case 'other':
      return CLAUDE_CODE_ONLY.has(tool)
        ? undefined
        : `${tool} takes no specifier; write "${tool}" for every call`;
  }
}

export function readPermissionSettings(
  sections: readonly SettingsSection[],
  knownTools: readonly string[],
): PermissionSettings {
  const rules: PermissionRule[] = [];
  const problems: string[] = [];
  const additionalDirectories: SourcedValue<string>[] = [];
  let defaultMode: SourcedValue<PermissionMode> | undefined;
  let bypassDisabled: SourcedValue<'disable'> | undefined;
  const known = new Set(knownTools);

  for (const section of sections) {
    const { value, file } = section;
    if (!isRecord(value)) {
      problems.push(
        `"permissions" at ${section.locate('permissions')} is ignored: it must be an object, like {"allow": ["Bash(npm test)"]}.`,
      );
      continue;
    }
    for (const key of Object.keys(value).filter((key) => !KNOWN_KEYS.includes(key)))
      problems.push(
        `"permissions.${key}" at ${section.locate(`permissions.${key}`)} is ignored: permissions knows ${KNOWN_KEYS.join(', ')}.`,
      );
    for (const behavior of RULE_BEHAVIORS) {
      const list = value[behavior];
      if (list === undefined) continue;
      const keyPath = `permissions.${behavior}`;
      if (!Array.isArray(list)) {
        problems.push(
          `"${keyPath}" at ${section.locate(keyPath)} is ignored: it must be a list of rules, like ["Bash(npm test)"].`,
        );
        continue;
      }
      list.forEach((entry: unknown, index) => {
        const where = section.locate(keyPath, index);
        const rule = readRule(entry, behavior, section, where, known, problems);
        if (rule) rules.push(rule);
      });
    }
    if (value.defaultMode !== undefined) {
      const mode = PermissionModeSchema.safeParse(value.defaultMode);
      const where = section.locate('permissions.defaultMode');
      if (mode.success) defaultMode = { value: mode.data, file, where, section };
      else
        problems.push(
          `"permissions.defaultMode" at ${where} is ignored: ${JSON.stringify(value.defaultMode)} is not a mode; use default, acceptEdits, plan, dontAsk or bypassPermissions.`,
        );
    }
    if (value.disableBypassPermissionsMode !== undefined) {
      const where = section.locate('permissions.disableBypassPermissionsMode');
      // Any file may forbid bypassing permissions (it only takes away): the first one says where.
      if (value.disableBypassPermissionsMode === 'disable')
        bypassDisabled ??= { value: 'disable', file, where, section };
      else
        problems.push(
          `"permissions.disableBypassPermissionsMode" at ${where} is ignored: its only value is "disable".`,
        );
    }
    const directories = value.additionalDirectories;
    if (directories !== undefined) {
      const keyPath = 'permissions.additionalDirectories';
      if (!Array.isArray(directories)) {
        problems.push(
          `"${keyPath}" at ${section.locate(keyPath)} is ignored: it must be a list of folders.`,
        );
        continue;
      }
      directories.forEach((entry: unknown, index) => {
        const where = section.locate(keyPath, index);
        if (typeof entry !== 'string' || entry.trim() === '') {
          problems.push(`${where}: an additional directory must be a folder path; it is ignored.`);
          return;
        }
        additionalDirectories.push({
          value: folderOf(entry.trim(), section.baseDir),
          file,
          where,
          section,
        });
      });
    }
  }
  return {
    rules,
    ...(defaultMode ? { defaultMode } : {}),
    ...(bypassDisabled ? { bypassDisabled } : {}),
    additionalDirectories,
    problems,
  };
}

/** `~/x`, an absolute path, or a path relative to the folder the settings file configures. */
function folderOf(path: string, baseDir: string): string {
  if (path === '~' || path.startsWith('~/')) return resolve(homedir(), path.slice(2));
  return isAbsolute(path) ? resolve(path) : resolve(baseDir, path);
}

function readRule(
  entry: unknown,
  behavior: RuleBehavior,
  section: SettingsSection,
  where: string,
  known: ReadonlySet<string>,
  problems: string[],
): PermissionRule | undefined {
  if (typeof entry !== 'string') {
    problems.push(
      `${where}: the ${behavior} rule ${JSON.stringify(entry) ?? String(entry)} is ignored: a rule is a string, like "Bash(npm test)".`,
    );
    return undefined;
  }
  const parsed = parseRuleText(entry);
  if (!parsed.ok) {
    problems.push(`${where}: the ${behavior} rule "${entry}" is ignored: ${parsed.problem}.`);
    return undefined;
  }
  const problem =
    parsed.specifier !== undefined ? specifierProblem(parsed.tool, parsed.specifier) : undefined;
  if (problem) {
    problems.push(`${where}: the ${behavior} rule "${entry}" is ignored: ${problem}.`);
    return undefined;
  }
  if (!known.has(parsed.tool) && !parsed.tool.startsWith('mcp__'))
    problems.push(
      CLAUDE_CODE_ONLY.has(parsed.tool)
        ? `${where}: the ${behavior} rule "${entry}" does nothing in Wave: Wave has no ${parsed.tool} tool (it is Claude Code's).`
        : `${where}: the ${behavior} rule "${entry}" names no tool Wave has (${[...known].join(', ')}); it does nothing.`,
    );
  return {
    behavior,
    text: entry.trim(),
    tool: parsed.tool,
    ...(parsed.specifier !== undefined ? { specifier: parsed.specifier } : {}),
    file: section.file,
    kind: section.kind,
    baseDir: section.baseDir,
    where,
  };
}
