// The words every screen shows around the model's questions and plans (terminal, chat UI, ACP),
// so the choices read the same wherever the user answers. Claude Code's labels, with Wave's name.
import type { PlanDecision } from '../rpc/user-questions.js';

export interface PlanChoice {
  readonly decision: PlanDecision;
  readonly label: string;
  /** The choice takes a typed note (keep planning: what to change). */
  readonly note?: { readonly placeholder: string };
}

/** The plan's answers, in the order they are offered. */
export const PLAN_CHOICES: readonly PlanChoice[] = [
  { decision: 'approveAcceptEdits', label: 'Yes, and auto-accept edits' },
  { decision: 'approveDefault', label: 'Yes, and manually approve edits' },
  {
    decision: 'keepPlanning',
    label: 'No, keep planning',
    note: { placeholder: 'Tell Wave what to change' },
  },
];

/** What /plan says in every UI. */
export const PLAN_MODE_ON =
  'Plan mode: the model reads and writes a plan for you to approve; nothing changes until you approve it. Shift+Tab leaves plan mode.';

export const PLAN_QUESTION_TITLE = 'Ready to code? Here is the plan:';

/** The extra choice under every question's options: the user types their own answer. */
export const OTHER_ANSWER_LABEL = 'Type something else';
