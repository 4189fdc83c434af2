// One permission rule as Claude Code writes it: `Tool` or `Tool(specifier)`, in a settings
// file's `permissions.allow`, `.ask` or `.deny`. A rule keeps the file and place it was written,
// so the user can be told where it comes from, and a bad one is a sentence naming both.
import type { SettingsFileKind } from '../../settings/settings-section.js';
import { currentToolName } from '../../tools/tool-aliases.js';

export type RuleBehavior = 'allow' | 'ask' | 'deny';

export const RULE_BEHAVIORS: readonly RuleBehavior[] = ['deny', 'ask', 'allow'];

export interface PermissionRule {
  readonly behavior: RuleBehavior;
  /** As written: `Bash(npm run test:*)`. */
  readonly text: string;
  readonly tool: string;
  /** What is inside the parentheses; undefined for a bare `Tool` (and for `Tool(*)`). */
  readonly specifier?: string;
  /** The settings file it comes from. */
  readonly file: string;
  readonly kind: SettingsFileKind;
  /** The folder the file configures: `/path` specifiers are relative to it. */
  readonly baseDir: string;
  /** `file:line:column` of the rule. */
  readonly where: string;
}

export type ParsedRuleText =
  | { readonly ok: true; readonly tool: string; readonly specifier?: string }
  | { readonly ok: false; readonly problem: string };

const TOOL_NAME = /^[A-Za-z_][\w-]*$/;

/**
 * `Tool` or `Tool(specifier)`; the specifier runs to the last `)`, so it may hold parentheses.
 * A tool's old name (`Task`, `BashOutput`, `KillShell`) is read as its new one (tool-aliases.ts).
 */
export function parseRuleText(text: string): ParsedRuleText {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'it is empty' };
  // `mcp__server__*` is every tool of the server, like `mcp__server`.
  const wholeServer = /^(mcp__[\w-]+?)__\*$/.exec(trimmed);
  if (wholeServer?.[1] !== undefined) return { ok: true, tool: wholeServer[1] };
  const open = trimmed.indexOf('(');
  if (open === -1) {
    return TOOL_NAME.test(trimmed)
      ? { ok: true, tool: currentToolName(trimmed) }
      : { ok: false, problem: 'a rule is a tool name, like Bash, or Tool(specifier)' };
  }
  const written = trimmed.slice(0, open);
  const tool = currentToolName(written);
  if (!TOOL_NAME.test(written))
    return { ok: false, problem: 'a rule starts with a tool name, like Bash(npm test)' };
  if (!trimmed.endsWith(')'))
    return { ok: false, problem: `the specifier is not closed: write ${tool}(…)` };
  const specifier = trimmed.slice(open + 1, -1).trim();
  if (specifier === '')
    return { ok: false, problem: `the parentheses are empty: write ${tool} for every call` };
  // `Tool(*)` means every call, like the bare name (Claude Code reads it so too).
  return specifier === '*' ? { ok: true, tool } : { ok: true, tool, specifier };
}

/** The rule as one short phrase for a sentence: `"Bash(rm:*)" in /repo/.claude/settings.json`. */
export function describeRule(rule: Pick<PermissionRule, 'text' | 'file'>): string {
  return `"${rule.text}" in ${rule.file}`;
}
