// /permissions, shared by every UI: what the typed arguments ask for, and the rules as text.
// Each UI sends the request through its session and shows the text its own way.
import { PERMISSION_RULE_BEHAVIORS } from '../rpc/permission-rules.js';
import type { PermissionRuleInfo } from '../rpc/permission-rules.js';
import type { SandboxStatus } from '../rpc/sandbox-status.js';
import { sandboxSummary } from '../view/sandbox-summary.js';

type Behavior = (typeof PERMISSION_RULE_BEHAVIORS)[number];

export type PermissionsCommand =
  | { readonly action: 'list' }
  | { readonly action: 'add' | 'remove'; readonly behavior: Behavior; readonly rule: string }
  | { readonly action: 'usage'; readonly text: string };

export const PERMISSIONS_USAGE =
  'Use /permissions to list the rules, /permissions allow|ask|deny <rule> to add one (e.g. /permissions allow Bash(npm test:*)), or /permissions remove allow|ask|deny <rule>.';

function isBehavior(word: string | undefined): word is Behavior {
  return PERMISSION_RULE_BEHAVIORS.some((behavior) => behavior === word);
}

export function parsePermissionsCommand(args: string): PermissionsCommand {
  const [first, second, ...rest] = args.split(/\s+/).filter((word) => word !== '');
  if (first === undefined) return { action: 'list' };
  if (first === 'remove' && isBehavior(second) && rest.length > 0)
    return { action: 'remove', behavior: second, rule: rest.join(' ') };
  if (isBehavior(first) && second !== undefined)
    return { action: 'add', behavior: first, rule: [second, ...rest].join(' ') };
  return { action: 'usage', text: PERMISSIONS_USAGE };
}

/** What else decides whether a command asks: the read-only list and the sandbox (issue 37). */
export interface AskingLessInfo {
  readonly readOnlyCommands?: readonly string[] | undefined;
  readonly sandbox?: SandboxStatus | undefined;
}

/** The read-only list in a few lines: the programs, git's read commands folded into one entry. */
function readOnlyListLines(commands: readonly string[]): string[] {
  const programs = commands.filter((name) => !name.startsWith('git '));
  const git = commands.filter((name) => name.startsWith('git ')).map((name) => name.slice(4));
  const names = [...programs, ...(git.length > 0 ? [`git ${git.join('|')}`] : [])];
  return [
    `Read-only commands run without a question (${commands.length} on the list):`,
    `  ${names.join(', ')}`,
    '  Pipes and && chains of them too; a redirection to a file, a writing option, a nested command or a path outside the work folder asks. Allow rules widen the list, ask and deny rules narrow it.',
  ];
}

export function permissionRulesText(
  rules: readonly PermissionRuleInfo[],
  problems: readonly string[],
  askingLess: AskingLessInfo = {},
): string {
  const lines: string[] = [];
  if (rules.length === 0) lines.push('No permission rules are in force.');
  for (const behavior of ['deny', 'ask', 'allow'] as const) {
    const these = rules.filter((rule) => rule.behavior === behavior);
    if (these.length === 0) continue;
    lines.push(`${behavior}:`);
    for (const rule of these) lines.push(`  ${rule.rule}  (${rule.file})`);
  }
  if (problems.length > 0) lines.push('Left out:', ...problems.map((problem) => `  ${problem}`));
  if (askingLess.readOnlyCommands && askingLess.readOnlyCommands.length > 0)
    lines.push(...readOnlyListLines(askingLess.readOnlyCommands));
  if ('sandbox' in askingLess)
    lines.push(`Sandbox: ${sandboxSummary(askingLess.sandbox).headline}`);
  return lines.join('\n');
}

/** What a UI says after an add or a remove. */
export function permissionChangeText(
  command: {
    readonly action: 'add' | 'remove';
    readonly behavior: Behavior;
    readonly rule: string;
  },
  result: { readonly ok: boolean; readonly file?: string; readonly problem?: string },
): string {
  if (!result.ok) return result.problem ?? `The rule ${command.rule} was not changed.`;
  return command.action === 'add'
    ? `Added the ${command.behavior} rule ${command.rule} to ${result.file ?? ''}.`
    : `Removed the ${command.behavior} rule ${command.rule} from ${result.file ?? ''}.`;
}
