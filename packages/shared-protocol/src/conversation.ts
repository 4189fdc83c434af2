// What a consumer holds: the messages so far, plus a count of events that named something the
// state did not have. A non-zero count means this consumer missed part of the stream; the cure
// is a pull (ARCHITECTURE §2.4), which the host decides on.

import type { Message } from './messages.js';

export interface ConversationState {
  readonly messages: readonly Message[];
  /** Events that named an unknown message, an absent rewind anchor, or a duplicate new id. */
  readonly unmatchedEvents: number;
}

/** The state before any event. Shared safely: nobody mutates a state (ARCHITECTURE §2.3). */
export const emptyConversation: ConversationState = Object.freeze({
  messages: Object.freeze([]),
  unmatchedEvents: 0,
});

/** A state holding exactly `messages` (e.g. a restored session), with nothing unmatched. */
export function conversationFrom(messages: readonly Message[]): ConversationState {
  return { messages, unmatchedEvents: 0 };
}
