// Refresh interleaving (DESIGN §2.4; spec scenario 10): getMessages issued at random points of a
// stream. The pull's answer replaces the host's state and the deltas after it append: nothing is
// shown twice, nothing is lost. fast-check chooses the chunking, the length, whether reasoning
// precedes the text, and where the pulls go; one bridge process serves every run.
import fc from 'fast-check';
import { expandText } from '@wave-agent/mock-llm';
import type { ReplyPart } from '@wave-agent/mock-llm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROVIDERS, endedTurns, startContractFixture } from './host/contract-fixture.js';
import type { ContractFixture } from './host/contract-fixture.js';
import { firstPrefixViolation } from './host/prefix-check.js';

const RUNS = 30;

let fixture: ContractFixture;
beforeAll(async () => {
  fixture = await startContractFixture();
});
afterAll(() => fixture.dispose());

const streamCase = fc.record({
  provider: fc.constantFrom(...PROVIDERS),
  chunkSize: fc.integer({ min: 1, max: 12 }),
  words: fc.integer({ min: 8, max: 60 }),
  reasoning: fc.boolean(),
  /** Where the pulls go, as fractions of the expected number of notifications. */
  pullPoints: fc.uniqueArray(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), {
    minLength: 1,
    maxLength: 5,
  }),
});

it(`replaces on pull and appends after it, in ${RUNS} generated streams`, async () => {
  let midStreamPulls = 0;
  await fc.assert(
    fc.asyncProperty(streamCase, async ({ provider, chunkSize, words, reasoning, pullPoints }) => {
      const text = { numberedWords: { count: words } };
      const reply: ReplyPart[] = [
        ...(reasoning
          ? [{ type: 'reasoning' as const, numberedWords: { count: words, prefix: 'r' } }]
          : []),
        { type: 'text', ...text },
      ];
      const session = await fixture.openSession(provider, {
        name: 'refresh',
        chunkSize,
        delayMs: 1,
        turns: [{ reply }],
      });
      const streamed = expandText(text).length * (reasoning ? 2 : 1);
      const expected = Math.ceil(streamed / chunkSize) + 4;
      // Besides the generated points, one pull right after the first delta (the third
      // notification), so every run pulls at least once mid-stream.
      const pullAt = new Set([3, ...pullPoints.map((point) => 1 + Math.floor(point * expected))]);
      const pulls: Promise<unknown>[] = [];
      const stop = fixture.host.onEachNotification(() => {
        if (!pullAt.has(session.received.length)) return;
        if (endedTurns(session) === 0) midStreamPulls++;
        pulls.push(session.pull());
      });
      try {
        await fixture.converse(session, 'stream please');
        await Promise.all(pulls);
      } finally {
        stop();
      }
      const final = session.settle();
      const pulled = await session.pull();
      expect(final.messages).toEqual(pulled);
      expect(final.unmatchedEvents).toBe(0);
      expect(firstPrefixViolation(session.states, final)).toBeUndefined();
      expect(session.problems).toEqual([]);
      await fixture.host.close(session);
    }),
    { numRuns: RUNS },
  );
  // The property is about pulls during the stream: every run made at least one.
  expect(midStreamPulls).toBeGreaterThanOrEqual(RUNS);
});
