// The session reducer as tests use it: a fresh session, and every event and resulting state
// deep-frozen, so any mutation throws instead of passing unnoticed.

import type { AgentEvent } from '../events.js';
import { applySessionEvent } from '../session/session-reducer.js';
import type { SessionState } from '../session/session-state.js';
import { initialSessionState } from '../session/session-state.js';
import { deepFreeze } from './deep-freeze.js';

export const FRESH_SESSION: SessionState = deepFreeze(
  initialSessionState({
    sessionId: 's1',
    workdir: '/repo',
    permissionMode: 'default',
    model: { provider: 'openai', model: 'gpt' },
  }),
);

export function reduceSessionFrozen(
  events: readonly AgentEvent[],
  state: SessionState = FRESH_SESSION,
): SessionState {
  return events.reduce(
    (current, event) => deepFreeze(applySessionEvent(current, deepFreeze(event))),
    state,
  );
}
