// Issue 27's three-subagents row: a parent that launches three subagents in one response (three
// Task calls), each child streaming its own numbered words (`a1 a2 …`, `b1 …`, `c1 …`) in
// 24-character chunks 2 ms apart, then its report; and, to compare with, one reply that streams
// the same words (all of a, then b, then c) in the same chunks, as one stream of the same total
// length. Served by one mock-llm: turns are chosen by the prompt.
import type { Scenario } from '@wave-agent/mock-llm';

export const THREADS = ['a', 'b', 'c'] as const;
/** Numbered words each thread streams (about 13 KB each; the three together near issue 12's reply). */
export const WORDS_PER_THREAD = 2400;
export const THREE_PROMPT = 'launch the three threads';
export const ONE_PROMPT = 'stream the one thread';
/** The parent's answer once the three reports are back; the end of the three-thread run. */
export const PARENT_REPLY = 'All three threads reported.';
/** The last words of the one-stream reply. */
export const ONE_END = 'ONE-THREAD-END';
const CHUNK_CHARS = 24;
const DELAY_MS = 2;

export const reportOf = (thread: string): string => `${thread.toUpperCase()}-THREAD-REPORT`;

const words = (prefix: string) => ({
  type: 'text' as const,
  numberedWords: { count: WORDS_PER_THREAD, prefix },
});

export const subagentsScenario: Scenario = {
  name: 'three-subagents',
  chunkSize: CHUNK_CHARS,
  delayMs: DELAY_MS,
  turns: [
    // The parent's follow-up (it carries the reports) before the turn its prompt matches.
    {
      match: { lastToolResultContains: reportOf('a') },
      reply: [{ type: 'text', text: PARENT_REPLY }],
    },
    ...THREADS.map((thread) => ({
      match: { lastUserContains: `the ${thread}-thread task` },
      reply: [words(thread), { type: 'text' as const, text: ` ${reportOf(thread)}` }],
    })),
    {
      match: { lastUserContains: THREE_PROMPT },
      reply: THREADS.map((thread) => ({
        type: 'tool_call' as const,
        id: `task_${thread}`,
        name: 'Agent',
        input: {
          description: `Thread ${thread}`,
          prompt: `the ${thread}-thread task`,
          subagent_type: 'general-purpose',
        },
      })),
    },
    {
      match: { lastUserContains: ONE_PROMPT },
      reply: THREADS.flatMap((thread) => [
        words(thread),
        { type: 'text' as const, text: ' ' },
      ]).concat([{ type: 'text' as const, text: ONE_END }]),
    },
  ],
};

/**
 * The numbered words of the threads not shown exactly once in `lines` (as "a17 ×0"), at most
 * `limit` of them. A word counts only whole (a1 is not counted inside a17).
 */
export function wordsNotShownOnce(lines: readonly string[], limit = 5): string[] {
  const counts = wordCounts(lines);
  const wrong: string[] = [];
  for (const thread of THREADS) {
    for (let n = 1; n <= WORDS_PER_THREAD && wrong.length < limit; n++) {
      const shown = counts.get(`${thread}${n}`) ?? 0;
      if (shown !== 1) wrong.push(`${thread}${n} ×${shown}`);
    }
  }
  return wrong;
}

/** The numbered words shown more than once in `lines` (as "a17 ×2"), at most `limit`. */
export function wordsShownTwice(lines: readonly string[], limit = 5): string[] {
  return [...wordCounts(lines)]
    .filter(([, count]) => count > 1)
    .slice(0, limit)
    .map(([word, count]) => `${word} ×${count}`);
}

function wordCounts(lines: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const match of lines.join(' ').matchAll(/(?<![\w-])([abc])(\d+)(?![\w-])/g)) {
    counts.set(match[0], (counts.get(match[0]) ?? 0) + 1);
  }
  return counts;
}
