// The tools that ask a person (AskUserQuestion, ExitPlanMode). Where no one can answer (print
// mode), they are not offered, as in Claude Code; a model that calls one anyway gets a result
// that says why, and the run goes on.
import { ASK_USER_QUESTION } from './ask-user-question.js';
import { EXIT_PLAN_MODE } from './exit-plan-mode.js';

export const PERSON_TOOLS: readonly string[] = [ASK_USER_QUESTION, EXIT_PLAN_MODE];

/** Why a call to this tool found no tool, when it is one that needs a person; else undefined. */
export function whyNoPersonTool(name: string): string | undefined {
  if (!PERSON_TOOLS.includes(name)) return undefined;
  return `${name} is not offered in this run: no one is there to answer (Wave runs non-interactively, e.g. wave -p). Do not ask; decide yourself, carry on, and say in your answer what you assumed.`;
}
