// First-word duplication ("HelloHello", "LetLet"): the message is added and its first deltas
// arrive in one burst (no delay between SSE events, tiny chunks). Through the wire, the 16 ms
// coalescer and the reducer, no state the host ever shows repeats a word — content or reasoning —
// and the host ends equal to getMessages. Both wire formats, chunkings chosen by fast-check.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { streamedContents } from './host/block-contents.js';
import { PROVIDERS, startContractFixture } from './host/contract-fixture.js';
import type { ContractFixture } from './host/contract-fixture.js';
import { firstPrefixViolation } from './host/prefix-check.js';

const REASONING = 'Let me think about this.';
const TEXT = 'Hello world, this is the answer.';
const RUNS = 16;

let fixture: ContractFixture;
beforeAll(async () => {
  fixture = await startContractFixture();
});
afterAll(() => fixture.dispose());

it(`never shows a first word twice, in ${RUNS} generated bursts`, async () => {
  let states = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...PROVIDERS),
      fc.integer({ min: 1, max: 4 }),
      async (provider, chunkSize) => {
        const session = await fixture.openSession(provider, {
          name: 'burst',
          chunkSize,
          delayMs: 0,
          turns: [
            {
              reply: [
                { type: 'reasoning', text: REASONING },
                { type: 'text', text: TEXT },
              ],
            },
          ],
        });
        await fixture.converse(session, 'think, then answer');
        const final = session.settle();
        expect(final.messages).toEqual(await session.pull());
        expect(streamedContents(final, 'reasoning')).toEqual([REASONING]);
        expect(streamedContents(final, 'text')).toEqual([TEXT]);
        for (const state of session.states) {
          for (const content of [
            ...streamedContents(state, 'reasoning'),
            ...streamedContents(state, 'text'),
          ]) {
            expect(content).not.toMatch(/LetLet|HelloHello/);
          }
        }
        expect(firstPrefixViolation(session.states, final)).toBeUndefined();
        states += session.states.length;
        await fixture.host.close(session);
      },
    ),
    { numRuns: RUNS },
  );
  // Every run showed intermediate states, not only the final one.
  expect(states).toBeGreaterThan(RUNS * 4);
});
