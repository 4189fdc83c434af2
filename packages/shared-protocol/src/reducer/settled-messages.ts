// Many events in one batch (a stored session read back, a summary rebuilt). The reducer is
// immutable: a change to one message copies the list of messages, nothing for one event, but a
// batch becomes quadratic in the session's length (5,000 turns: ~150,000 events, each copying up
// to 15,000 messages, and gigabytes of garbage). No one sees the state between a batch's events,
// so the batch hands the reducer only the recent messages and keeps the older ones aside
// (settled); an event that names a settled message, or names none (messagesReplaced), gets the
// whole list back first. Every event still goes through the one reducer, and the result is the
// one event by event gives (reducer.property.test.ts checks it).

import type { ConversationState } from '../conversation.js';
import type { AgentEvent } from '../events.js';
import type { Message } from '../messages.js';

/** Messages kept in the reducer's hands during a batch; twice as many before the oldest settle. */
const RECENT = 32;

/** The message an event's handler looks up or adds; undefined when it works on the whole list. */
function messageNamedBy(event: AgentEvent): string | undefined {
  switch (event.type) {
    case 'messagesReplaced':
      return undefined;
    case 'messagesRewound':
      return event.anchorMessageId;
    case 'userMessageAdded':
    case 'compactBlockAdded':
      return event.message.id;
    default:
      return 'messageId' in event && typeof event.messageId === 'string'
        ? event.messageId
        : undefined;
  }
}

export class SettledMessages {
  private settled: Message[] = [];
  private readonly ids = new Set<string>();

  /** The conversation to reduce `event` on: the whole list again when the event may need it. */
  before(conversation: ConversationState, event: AgentEvent): ConversationState {
    const id = messageNamedBy(event);
    return id === undefined || this.ids.has(id) ? this.rejoined(conversation) : conversation;
  }

  /** After an event changed the conversation: the oldest messages settle when there are many. */
  after(conversation: ConversationState): ConversationState {
    const { messages } = conversation;
    if (messages.length <= 2 * RECENT) return conversation;
    const cut = messages.length - RECENT;
    for (let i = 0; i < cut; i++) {
      const message = messages[i]!;
      this.settled.push(message);
      this.ids.add(message.id);
    }
    return { ...conversation, messages: messages.slice(cut) };
  }

  /** The conversation with every settled message back in front; the batch's end. */
  rejoined(conversation: ConversationState): ConversationState {
    if (this.settled.length === 0) return conversation;
    const messages = this.settled.concat(conversation.messages);
    this.settled = [];
    this.ids.clear();
    return { ...conversation, messages };
  }
}

/**
 * `apply` over `events` on the recent messages only (see above): `conversationOf` and `withConversation`
 * say where the conversation is in the state (the conversation itself, or a session's).
 */
export function applyWithSettled<S>(
  state: S,
  events: Iterable<AgentEvent>,
  apply: (state: S, event: AgentEvent) => S,
  conversationOf: (state: S) => ConversationState,
  withConversation: (state: S, conversation: ConversationState) => S,
  touchesConversation: (event: AgentEvent) => boolean,
): S {
  const settled = new SettledMessages();
  let next = state;
  for (const event of events) {
    if (!touchesConversation(event)) {
      next = apply(next, event);
      continue;
    }
    const current = conversationOf(next);
    const given = settled.before(current, event);
    const before = given === current ? next : withConversation(next, given);
    const after = apply(before, event);
    const changed = conversationOf(after);
    const kept = changed === given ? changed : settled.after(changed);
    next = kept === changed ? after : withConversation(after, kept);
  }
  const current = conversationOf(next);
  const whole = settled.rejoined(current);
  return whole === current ? next : withConversation(next, whole);
}
