// Questions the model asks the user (Claude Code's AskUserQuestion), shared by the tests of
// every host that shows them: one that takes one choice, one that takes several.
import type { Scenario } from '../scenario/scenario-types.js';

export const DATABASE_QUESTION = {
  question: 'Which database?',
  header: 'Database',
  multiSelect: false,
  options: [
    { label: 'SQLite', description: 'One file, no server' },
    { label: 'Postgres', description: 'A server' },
  ],
} as const;

export const CHECKS_QUESTION = {
  question: 'Which checks?',
  header: 'Checks',
  multiSelect: true,
  options: [
    { label: 'Lint', description: 'eslint' },
    { label: 'Types', description: 'tsc' },
    { label: 'Tests', description: 'vitest' },
  ],
} as const;

export const ASKED_REPLY = 'Thanks, noted.';

/** The model calls AskUserQuestion (call id `call-1`) with `questions`, then says ASKED_REPLY. */
export function askingScenario(questions: readonly unknown[]): Scenario {
  return {
    name: 'asks',
    turns: [
      {
        reply: [{ type: 'tool_call', id: 'call-1', name: 'AskUserQuestion', input: { questions } }],
      },
      { reply: [{ type: 'text', text: ASKED_REPLY }] },
    ],
  };
}
