// Static-block reopen through the wire (ARCHITECTURE §2.2, §2.7): one model call that interleaves
// text and reasoning (T→R→T…, R→T→R…) reopens the same two blocks, round after round. The host
// ends with exactly one text and one reasoning block holding everything (Anthropic's signed
// thinking blocks excepted: each is sealed), equal to getMessages, and never showed a block that
// was not a prefix of its final content.
import type { ReplyPart } from '@wave-agent/mock-llm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocksOf } from './host/block-contents.js';
import { PROVIDERS, startContractFixture } from './host/contract-fixture.js';
import type { ContractFixture } from './host/contract-fixture.js';
import { firstPrefixViolation } from './host/prefix-check.js';

let fixture: ContractFixture;
beforeAll(async () => {
  fixture = await startContractFixture();
});
afterAll(() => fixture.dispose());

const ROUNDS = 3;
const textPart = (round: number): ReplyPart => ({ type: 'text', text: `Answer part ${round}. ` });
const reasoningPart = (round: number): ReplyPart => ({
  type: 'reasoning',
  text: `Thought ${round}. `,
});

/** Three rounds of alternation, starting with `first`: T R T R T R or R T R T R T. */
function interleaved(first: 'text' | 'reasoning'): ReplyPart[] {
  return Array.from({ length: ROUNDS }, (_, round) =>
    first === 'text'
      ? [textPart(round), reasoningPart(round)]
      : [reasoningPart(round), textPart(round)],
  ).flat();
}

const joined = (make: (round: number) => ReplyPart) =>
  Array.from({ length: ROUNDS }, (_, round) => {
    const part = make(round);
    return 'text' in part ? part.text : '';
  }).join('');

describe.each(PROVIDERS)('%s', (provider) => {
  it.each(['text', 'reasoning'] as const)(
    'keeps one block of each kind when %s comes first',
    async (first) => {
      const session = await fixture.openSession(provider, {
        name: 'reopen',
        chunkSize: 4,
        turns: [{ reply: interleaved(first) }],
      });
      await session.converse('think and talk in turns');
      const final = session.state.conversation;
      expect(session.state).toEqual(await session.pulled());

      const assistant = final.messages.find((message) => message.role === 'assistant')!;
      expect(blocksOf(assistant, 'text').map((b) => b.content)).toEqual([joined(textPart)]);
      if (provider === 'anthropic') {
        // Anthropic signs each thinking block (mock-llm too): a signed block is sealed, never
        // reopened, since it goes back to the API unchanged; each round's thought is its own block,
        // after the block open when it arrived, and the text still reopens one block.
        expect(blocksOf(assistant, 'reasoning').map((b) => b.content)).toEqual(
          Array.from({ length: ROUNDS }, (_, round) => `Thought ${round}. `),
        );
        expect(assistant.blocks.map((b) => b.type)).toEqual(
          first === 'text'
            ? ['text', 'reasoning', 'reasoning', 'reasoning']
            : ['reasoning', 'text', 'reasoning', 'reasoning'],
        );
      } else {
        expect(blocksOf(assistant, 'reasoning').map((b) => b.content)).toEqual([
          joined(reasoningPart),
        ]);
        expect(assistant.blocks.map((b) => b.type)).toEqual(
          first === 'text' ? ['text', 'reasoning'] : ['reasoning', 'text'],
        );
      }
      // The blocks really reopened on the wire: each one ended and streamed again.
      const ends = session.events.filter((event) => 'stage' in event && event.stage === 'end');
      expect(ends.length).toBeGreaterThanOrEqual(2 * ROUNDS);
      expect(firstPrefixViolation(session.states, final)).toBeUndefined();
      await session.handle.close();
    },
  );
});
