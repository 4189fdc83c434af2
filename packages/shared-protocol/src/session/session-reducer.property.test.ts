import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../events.js';
import { parseAgentEvent } from '../rpc/parse.js';
import { SessionStateSchema } from '../rpc/session-state-schema.js';
import { deepFreeze } from '../test-support/deep-freeze.js';
import { reduceFrozen } from '../test-support/frozen-reduce.js';
import { sessionEventStream } from '../test-support/session-event-streams.js';
import { applySessionEvent } from './session-reducer.js';
import type { SessionState } from './session-state.js';
import { initialSessionState } from './session-state.js';

const RUNS = 300;

const start = initialSessionState({
  sessionId: 's',
  workdir: '/w',
  permissionMode: 'default',
  model: { provider: 'demo', model: 'demo' },
});

function reduceSession(events: readonly AgentEvent[], state: SessionState = start): SessionState {
  return events.reduce(
    (current, event) => deepFreeze(applySessionEvent(current, deepFreeze(event))),
    deepFreeze(state),
  );
}

describe('session reducer properties', () => {
  it('holds exactly the conversation the conversation reducer makes, and a valid state', () => {
    fc.assert(
      fc.property(sessionEventStream(), (events) => {
        const state = reduceSession(events);
        expect(state.conversation).toStrictEqual(reduceFrozen(events));
        expect(SessionStateSchema.safeParse(state).success).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('sends every event through JSON and gets it back', () => {
    fc.assert(
      fc.property(sessionEventStream(), (events) => {
        for (const event of events)
          expect(parseAgentEvent(JSON.parse(JSON.stringify(event)))).toStrictEqual({
            ok: true,
            value: event,
          });
      }),
      { numRuns: RUNS },
    );
  });

  it('a pull at any point, then the later events, gives the state of the whole stream', () => {
    fc.assert(
      fc.property(sessionEventStream(), fc.nat(), (events, cutAt) => {
        const cut = cutAt % (events.length + 1);
        // The pull travels as JSON and is validated, as getSessionState over the wire.
        const parsed = SessionStateSchema.parse(
          JSON.parse(JSON.stringify(reduceSession(events.slice(0, cut)))),
        );
        const healed = reduceSession([
          { type: 'sessionReplaced', state: parsed },
          ...events.slice(cut),
        ]);
        expect(healed).toStrictEqual(reduceSession(events));
      }),
      { numRuns: RUNS },
    );
  });
});
