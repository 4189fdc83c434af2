import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AGENT_EVENT_TYPES } from '../events.js';
import { eventStream } from '../test-support/event-streams.js';
import { reduceFrozen } from '../test-support/frozen-reduce.js';
import { MessageListSchema } from './message-schemas.js';
import {
  isAgentEventType,
  parseEventNotification,
  toEventNotification,
} from './event-notifications.js';
import { RPC_NOTIFICATIONS } from './notifications.js';
import { parseAgentEvent } from './parse.js';

describe('events on the wire', () => {
  it('puts the payload and sessionId side by side, named by the event type', () => {
    expect(
      toEventNotification('s1', {
        type: 'assistantContentUpdated',
        messageId: 'a',
        chunk: 'x',
        stage: 'end',
      }),
    ).toStrictEqual({
      method: 'assistantContentUpdated',
      params: { messageId: 'a', chunk: 'x', stage: 'end', sessionId: 's1' },
    });
  });

  it('gives back every generated event, and validates every state the reducer makes', () => {
    fc.assert(
      fc.property(eventStream(), (events) => {
        for (const event of events) {
          expect(parseAgentEvent(event)).toStrictEqual({ ok: true, value: event });
          const { method, params } = toEventNotification('s', event);
          // Through JSON, as on the wire.
          const received = parseEventNotification(method, JSON.parse(JSON.stringify(params)));
          expect(received).toStrictEqual({ ok: true, value: { sessionId: 's', event } });
        }
        expect(MessageListSchema.safeParse(reduceFrozen(events).messages).success).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a notification that is not an event, and reports bad params', () => {
    expect(
      parseEventNotification('rewindResult', { sessionId: 's', requestId: 'r', ok: true }),
    ).toStrictEqual({
      ok: false,
      message: 'not an event notification: rewindResult',
    });
    expect(
      parseEventNotification('assistantMessageAdded', {
        sessionId: 's',
        messageId: 1,
        createdAt: 0,
      }),
    ).toStrictEqual({
      ok: false,
      message:
        'invalid params for assistantMessageAdded: messageId: expected string, received number',
    });
  });

  it('has one notification per event type', () => {
    for (const type of AGENT_EVENT_TYPES) {
      expect(isAgentEventType(type)).toBe(true);
      expect(Object.hasOwn(RPC_NOTIFICATIONS, type)).toBe(true);
    }
    expect(isAgentEventType('rewindResult')).toBe(false);
  });
});
