// ExitPlanMode: the plan as Markdown. Claude Code 2.1's model writes it to the plan file and
// calls the tool without input; the approved plan then comes back in the result (after
// "## Approved Plan:"), so the card shows it from there. An older model's `plan` input shows
// at once.
import type { ToolLook } from '../tool-look.js';
import { textField } from '../tool-look.js';

/** The heading before the plan in an approval's result (Claude Code's wording). */
export const APPROVED_PLAN_HEADING = '## Approved Plan:\n';

function approvedPlan(result: string | undefined): string | undefined {
  const at = result?.indexOf(APPROVED_PLAN_HEADING) ?? -1;
  if (result === undefined || at === -1) return undefined;
  return result.slice(at + APPROVED_PLAN_HEADING.length);
}

export const exitPlanModeLook: ToolLook = {
  kind: 'think',
  name: () => 'Plan',
  body: (input, block) => {
    const plan = textField(input, 'plan') ?? approvedPlan(block.result);
    return plan === undefined ? [] : [{ kind: 'markdown', label: 'plan', text: plan }];
  },
};
