// /permissions: the rules in force, each with the settings file it comes from, and the rules
// that were left out with what is wrong with them. `/permissions allow|ask|deny <rule>` adds one
// to the folder's .wave/settings.local.json; `/permissions remove <allow|ask|deny> <rule>` takes
// one out of the file it is written in. Both hold at once. The agent does the work over the
// protocol (getPermissionRules, addPermissionRule, removePermissionRule), as for every host.
import { PERMISSION_RULE_BEHAVIORS, SLASH_COMMANDS } from '@wave-agent/shared-protocol';
import type { PermissionRuleInfo } from '@wave-agent/shared-protocol';
import type { SlashCommand } from './command-table.js';

type Behavior = (typeof PERMISSION_RULE_BEHAVIORS)[number];

const USAGE =
  'Use /permissions to list the rules, /permissions allow|ask|deny <rule> to add one (e.g. /permissions allow Bash(npm test:*)), or /permissions remove allow|ask|deny <rule>.';

function isBehavior(word: string | undefined): word is Behavior {
  return PERMISSION_RULE_BEHAVIORS.some((behavior) => behavior === word);
}

export function rulesText(
  rules: readonly PermissionRuleInfo[],
  problems: readonly string[],
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
  return lines.join('\n');
}

export const permissionsCommand: SlashCommand = {
  ...SLASH_COMMANDS.permissions,
  async run(context) {
    const [first, second, ...rest] = context.args.split(/\s+/).filter((word) => word !== '');
    if (first === undefined) {
      const { rules, problems } = await context.session.request('getPermissionRules', {});
      context.print(rulesText(rules, problems));
      return;
    }
    if (first === 'remove' && isBehavior(second) && rest.length > 0) {
      const rule = rest.join(' ');
      const done = await context.session.request('removePermissionRule', {
        behavior: second,
        rule,
      });
      if (done.ok) context.print(`Removed the ${second} rule ${rule} from ${done.file ?? ''}.`);
      else context.print(done.problem ?? `The rule ${rule} was not removed.`, 'error');
      return;
    }
    if (isBehavior(first) && second !== undefined) {
      const rule = [second, ...rest].join(' ');
      const done = await context.session.request('addPermissionRule', { behavior: first, rule });
      if (done.ok) context.print(`Added the ${first} rule ${rule} to ${done.file ?? ''}.`);
      else context.print(done.problem ?? `The rule ${rule} was not added.`, 'error');
      return;
    }
    context.print(USAGE, 'error');
  },
};
