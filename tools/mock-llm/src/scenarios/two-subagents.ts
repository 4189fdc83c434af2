// A scenario many of Wave's tests share: a parent that launches two subagents in one response
// (Task calls `task_a`, general-purpose, and `task_b`, Explore), each child streaming numbered
// words (`a1 a2 …`, `b1 b2 …`) and then its report, and the parent answering once the reports
// are back. Each test chooses how long and how fast the children stream, and whether they hold
// mid-stream (until the test calls `release()`, or aborts).
import type { Scenario } from '../scenario/scenario-types.js';

export const TWO_SUBAGENTS = {
  /** What the user says to start it. */
  prompt: 'launch both',
  /** The Task calls' descriptions, as their cards show them. */
  alphaDescription: 'Look at alpha',
  betaDescription: 'Explore beta',
  alphaReport: 'ALPHA-REPORT',
  betaReport: 'BETA-REPORT',
  /** The parent's answer after both reports. */
  parentReply: 'Both subagents reported.',
} as const;

export interface TwoSubagentsOptions {
  /** Numbered words each child streams before its report. */
  readonly childWords: number;
  readonly chunkSize: number;
  readonly delayMs?: number;
  /** Each child holds after this many chunks (until released or aborted). */
  readonly holdAfterChunks?: number;
}

export function twoSubagentsScenario(options: TwoSubagentsOptions): Scenario {
  const child = (prefix: string, report: string) => ({
    match: { lastUserContains: `${prefix}-task` },
    chunkSize: options.chunkSize,
    ...(options.delayMs === undefined ? {} : { delayMs: options.delayMs }),
    ...(options.holdAfterChunks === undefined
      ? {}
      : { faults: [{ kind: 'hold' as const, afterChunks: options.holdAfterChunks }] }),
    reply: [
      { type: 'text' as const, numberedWords: { count: options.childWords, prefix } },
      { type: 'text' as const, text: ` ${report}` },
    ],
  });
  const task = (id: string, description: string, prompt: string, type: string) => ({
    type: 'tool_call' as const,
    id,
    name: 'Agent',
    input: { description, prompt, subagent_type: type },
  });
  return {
    name: 'two subagents',
    turns: [
      {
        match: { lastToolResultContains: TWO_SUBAGENTS.alphaReport },
        reply: [{ type: 'text', text: TWO_SUBAGENTS.parentReply }],
      },
      child('a', TWO_SUBAGENTS.alphaReport),
      child('b', TWO_SUBAGENTS.betaReport),
      {
        match: { lastUserContains: TWO_SUBAGENTS.prompt },
        reply: [
          task('task_a', TWO_SUBAGENTS.alphaDescription, 'the a-task', 'general-purpose'),
          task('task_b', TWO_SUBAGENTS.betaDescription, 'the b-task', 'Explore'),
        ],
      },
    ],
  };
}
