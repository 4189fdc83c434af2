import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyConversation } from '../conversation.js';
import type { AgentEvent } from '../events.js';
import { applyEvent, applyEvents } from '../reducer.js';
import { applySessionEvent, applySessionEvents } from '../session/session-reducer.js';
import { deepFreeze } from '../test-support/deep-freeze.js';
import { assistantAdded, text, userAdded } from '../test-support/event-builders.js';
import { FRESH_SESSION } from '../test-support/frozen-session.js';

/** More ids than the batch keeps at hand, so old messages settle and are named again later. */
const IDS = 150;

const id = fc.nat({ max: IDS - 1 }).map((n) => `m${n}`);

const growing = [
  { weight: 6, arbitrary: id.map((m) => userAdded(m, `question ${m}`)) },
  { weight: 6, arbitrary: id.map((m) => assistantAdded(m)) },
  { weight: 8, arbitrary: fc.tuple(id, fc.string({ maxLength: 4 })).map(([m, c]) => text(m, c)) },
];

/** Events that only add messages and write into them: a long session's start. */
const growth: fc.Arbitrary<AgentEvent> = fc.oneof(...growing);

/** Any event a batch may hold, naming any message: new, recent, settled, or none at all. */
const event: fc.Arbitrary<AgentEvent> = fc.oneof(
  ...growing,
  { weight: 1, arbitrary: id.map((m) => text(m, '', 'end')) },
  {
    weight: 1,
    arbitrary: id.map((m): AgentEvent => ({ type: 'assistantMessageDiscarded', messageId: m })),
  },
  {
    weight: 1,
    arbitrary: id.map((m): AgentEvent => ({ type: 'messagesRewound', anchorMessageId: m })),
  },
  {
    weight: 1,
    arbitrary: id.map((m): AgentEvent => ({
      type: 'noticeAdded',
      messageId: m,
      createdAt: 1,
      level: 'info',
      message: 'a notice',
    })),
  },
  {
    weight: 1,
    arbitrary: fc.constant<AgentEvent>({
      type: 'turnStarted',
      turnId: 't',
      startedAt: 1,
      activity: 'reply',
    }),
  },
  {
    weight: 1,
    arbitrary: fc.array(id, { maxLength: 3 }).map((ids): AgentEvent => ({
      type: 'messagesReplaced',
      messages: ids.map((m) => ({ id: m, role: 'user', blocks: [], createdAt: 0 })),
    })),
  },
);

describe('a batch of events with the older messages set aside', () => {
  it('gives the state that the events one by one give, whichever messages they name', () => {
    fc.assert(
      fc.property(
        fc.array(growth, { minLength: 150, maxLength: 300 }),
        fc.array(event, { maxLength: 300 }),
        (start, rest) => {
          const events = deepFreeze([...start, ...rest]);
          const oneByOne = events.reduce(applyEvent, emptyConversation);
          expect(applyEvents(emptyConversation, events)).toStrictEqual(oneByOne);
          const session = events.reduce(applySessionEvent, FRESH_SESSION);
          expect(applySessionEvents(FRESH_SESSION, events)).toStrictEqual(session);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('changes a message long settled, and refuses adding an id the list already has', () => {
    const events: AgentEvent[] = [];
    for (let i = 0; i < 500; i++) events.push(userAdded(`u${i}`, `q${i}`), assistantAdded(`a${i}`));
    events.push(text('a3', 'late words'), userAdded('u7', 'again'), assistantAdded('a499'));
    const state = applyEvents(emptyConversation, events);
    expect(state.messages).toHaveLength(1000);
    expect(state.messages[7]?.blocks).toStrictEqual([
      { type: 'text', content: 'late words', stage: 'streaming' },
    ]);
    expect(state.unmatchedEvents).toBe(2);
    expect(state).toStrictEqual(events.reduce(applyEvent, emptyConversation));
  });

  it('returns the very same state for a batch that changes nothing', () => {
    const state = applyEvents(emptyConversation, [userAdded('u', 'q')]);
    const turnStarted: AgentEvent = {
      type: 'turnStarted',
      turnId: 't',
      startedAt: 1,
      activity: 'reply',
    };
    expect(applyEvents(state, [turnStarted, turnStarted])).toBe(state);
    expect(applySessionEvents(FRESH_SESSION, [])).toBe(FRESH_SESSION);
  });
});
