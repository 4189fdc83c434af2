import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyConversation, type ConversationState } from './conversation.js';
import type { AgentEvent } from './events.js';
import { applyEvent } from './reducer.js';
import { assistantAdded, reasoning, text } from './test-support/event-builders.js';
import { eventStream } from './test-support/event-streams.js';
import { reduceFrozen } from './test-support/frozen-reduce.js';

const RUNS = 1_000;

/** Cuts `whole` at the given positions (any order, repeats allowed: empty chunks happen). */
function chunked(whole: string, cuts: readonly number[]): string[] {
  const points = [
    0,
    ...cuts.map((cut) => cut % (whole.length + 1)).sort((a, b) => a - b),
    whole.length,
  ];
  return points.slice(1).map((end, index) => whole.slice(points[index], end));
}

describe('reducer properties', () => {
  it('any chunking of the same text and reasoning reduces to the same content', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.array(fc.boolean(), { maxLength: 30 }),
        (body, thought, textCuts, reasoningCuts, order) => {
          const textChunks = chunked(body, textCuts).map((chunk) => text('a', chunk));
          const reasoningChunks = chunked(thought, reasoningCuts).map((chunk) =>
            reasoning('a', chunk),
          );
          // Interleave the two streams at random: text and reasoning do not interrupt each other.
          const events: AgentEvent[] = [assistantAdded('a')];
          for (const takeText of order) {
            const next = (takeText ? textChunks : reasoningChunks).shift();
            if (next !== undefined) events.push(next);
          }
          events.push(
            ...textChunks,
            ...reasoningChunks,
            text('a', '', 'end'),
            reasoning('a', '', 'end'),
          );
          // `chunked` always yields at least one chunk, so each kind has exactly one block.

          const blocks = reduceFrozen(events).messages[0]?.blocks ?? [];
          const content = (type: 'text' | 'reasoning') =>
            blocks.flatMap((block) => (block.type === type ? [block.content] : []));
          // One block each, holding the whole text; an empty text streams only empty chunks,
          // which change nothing, so it has none.
          expect(content('text')).toStrictEqual(body === '' ? [] : [body]);
          expect(content('reasoning')).toStrictEqual([thought]);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('a pull at any point followed by the later deltas gives the state of the raw stream', () => {
    fc.assert(
      fc.property(eventStream(), fc.nat(), (events, cutAt) => {
        const cut = cutAt % (events.length + 1);
        const raw = reduceFrozen(events);
        // The pull answer travels as JSON, like getMessages over the wire.
        const pulled = JSON.parse(
          JSON.stringify(reduceFrozen(events.slice(0, cut)).messages),
        ) as ConversationState['messages'];
        const healed = reduceFrozen([
          { type: 'messagesReplaced', messages: pulled },
          ...events.slice(cut),
        ]);
        expect(healed).toStrictEqual(raw);
      }),
      { numRuns: RUNS },
    );
  });

  it('a pull heals a consumer that lost deltas: no duplicate, no loss', () => {
    fc.assert(
      fc.property(eventStream(), fc.nat(), fc.array(fc.boolean()), (events, cutAt, kept) => {
        const cut = cutAt % (events.length + 1);
        const lossy = reduceFrozen(events.slice(0, cut).filter((_, index) => kept[index] ?? true));
        const pulled = JSON.parse(
          JSON.stringify(reduceFrozen(events.slice(0, cut)).messages),
        ) as ConversationState['messages'];
        const healed = reduceFrozen(
          [{ type: 'messagesReplaced', messages: pulled }, ...events.slice(cut)],
          lossy,
        );
        expect(healed.messages).toStrictEqual(reduceFrozen(events).messages);
      }),
      { numRuns: RUNS },
    );
  });

  it('an object obtained from a state never changes after later events', () => {
    fc.assert(
      fc.property(eventStream(), (events) => {
        // No freezing here: this checks the property itself, not that writes would throw. Each
        // object is copied the first time a state hands it out (an unchanged one is handed out
        // again by every later state), and compared with that copy at the end.
        const seen: { readonly value: object; readonly snapshot: unknown }[] = [];
        const known = new WeakSet<object>();
        const observe = (value: object) => {
          if (known.has(value)) return;
          known.add(value);
          seen.push({ value, snapshot: structuredClone(value) });
        };
        let state = emptyConversation;
        for (const event of events) {
          state = applyEvent(state, event);
          observe(state.messages);
          for (const message of state.messages) {
            observe(message);
            for (const block of message.blocks) observe(block);
          }
        }
        // node's strict comparison is fast; a mismatch shows the object and its first copy.
        expect(seen.find(({ value, snapshot }) => !isDeepStrictEqual(value, snapshot))).toBe(
          undefined,
        );
      }),
      { numRuns: RUNS },
    );
    // A thousand streams, each object copied once: seconds on a quiet machine, more under load.
  }, 90_000);
});
