// What the model reads back from AskUserQuestion and ExitPlanMode: Claude Code 2.1's own words
// (read from its build), so prompts written for Claude Code work unchanged.
import type { ChoiceQuestion } from '@wave-agent/shared-protocol';

/** Claude Code's words for a call the user turned down without saying more. */
export const REJECTED =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";

/** The same, with what the user typed. */
export function rejectedWithNote(note: string): string {
  return `The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). To tell you how to proceed, the user said:\n${note}`;
}

/**
 * The answers as Claude Code puts them: `"Q1"="A", "Q2"="B, C"`, with its lead-in when every
 * answer is one of the options, and a more careful one when the user typed their own.
 */
export function choicesAnswerText(
  questions: readonly ChoiceQuestion[],
  answers: readonly (readonly string[])[],
): string {
  const pairs = questions.flatMap((question, index) => {
    const picked = (answers[index] ?? []).filter((answer) => answer.trim() !== '');
    return picked.length === 0 ? [] : [`"${question.question}"="${picked.join(', ')}"`];
  });
  if (pairs.length === 0) return 'The user did not answer the questions.';
  const said = pairs.join(', ');
  const onlyOptions = questions.every((question, index) => {
    const labels = new Set(question.options.map((option) => option.label));
    return (answers[index] ?? []).every((answer) => labels.has(answer));
  });
  return onlyOptions
    ? `Your questions have been answered: ${said}. You can now continue with these answers in mind.`
    : `The user answered: ${said}. Read the answers carefully \u2014 they may request clarification, changes, or that you not proceed \u2014 and follow what they actually say.`;
}

/** An approval, with where the plan is kept and the plan itself. */
export function approvedPlanText(plan: string, planFile: string | undefined): string {
  const saved =
    planFile === undefined
      ? ''
      : `\n\nYour plan has been saved to: ${planFile}\nYou can refer back to it if needed during implementation.`;
  return `User has approved your plan. You can now start coding. Start with updating your todo list if applicable${saved}\n\n## Approved Plan:\n${plan}`;
}
