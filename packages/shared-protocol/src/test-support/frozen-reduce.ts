// The reducer as tests use it: every event and every resulting state is deep-frozen, so any
// mutation throws instead of passing unnoticed.

import { emptyConversation, type ConversationState } from '../conversation.js';
import type { AgentEvent } from '../events.js';
import { applyEvent } from '../reducer.js';
import { deepFreeze } from './deep-freeze.js';

export function applyFrozen(state: ConversationState, event: AgentEvent): ConversationState {
  return deepFreeze(applyEvent(deepFreeze(state), deepFreeze(event)));
}

export function reduceFrozen(
  events: readonly AgentEvent[],
  state: ConversationState = emptyConversation,
): ConversationState {
  return events.reduce(applyFrozen, state);
}
