// Finding and changing one message of the conversation. Lookups scan from the end: the message
// being streamed is almost always the last one.

import type { ConversationState } from '../conversation.js';
import type { Message } from '../messages.js';
import { replacedAt } from './copy-helpers.js';

export function lastIndexOfMessage(messages: readonly Message[], id: string): number {
  return messages.findLastIndex((message) => message.id === id);
}

/** The state with the event counted as unmatched; the message list is left as it was. */
export function countedUnmatched(state: ConversationState): ConversationState {
  return { messages: state.messages, unmatchedEvents: state.unmatchedEvents + 1 };
}

/**
 * Applies `update` to the message `id`. An unknown id is counted; an update that returns the
 * same message leaves the state object unchanged.
 */
export function updateMessage(
  state: ConversationState,
  id: string,
  update: (message: Message) => Message,
): ConversationState {
  const index = lastIndexOfMessage(state.messages, id);
  const current = state.messages[index];
  if (current === undefined) return countedUnmatched(state);
  const next = update(current);
  if (next === current) return state;
  return { ...state, messages: replacedAt(state.messages, index, next) };
}

/** Appends a new message; an id already present is refused and counted (creation is once). */
export function appendMessage(state: ConversationState, message: Message): ConversationState {
  if (lastIndexOfMessage(state.messages, message.id) !== -1) return countedUnmatched(state);
  return { ...state, messages: [...state.messages, message] };
}
