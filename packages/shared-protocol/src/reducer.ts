// The one reducer (ARCHITECTURE §2.2): the only code that turns events into messages. Pure and
// immutable with structural sharing: untouched messages and blocks keep their identity, and an
// event that changes nothing returns the very same state.

import type { ConversationState } from './conversation.js';
import type { AgentEvent, ConversationEventType, EventOf } from './events.js';
import type { Message, Usage } from './messages.js';
import { sameFields } from './reducer/copy-helpers.js';
import { withBangStep } from './reducer/bang-blocks.js';
import { withHookRun } from './reducer/hook-runs.js';
import { withBlockAppended } from './reducer/message-blocks.js';
import {
  appendMessage,
  countedUnmatched,
  lastIndexOfMessage,
  updateMessage,
} from './reducer/message-list.js';
import {
  withContentDelta,
  withReasoningDelta,
  withStreamingBlocksEnded,
} from './reducer/stream-blocks.js';
import { withThreadEvent, withToolStep } from './reducer/tool-blocks.js';
import { applyWithSettled } from './reducer/settled-messages.js';

type Handler<E> = (state: ConversationState, event: E) => ConversationState;

/** One handler per conversation event: a new one without a handler does not compile. */
type EventHandlers = { readonly [T in ConversationEventType]: Handler<EventOf<T>> };

/** A handler for events that change one message, addressed by `messageId`. */
function onMessage<E extends { readonly messageId: string }>(
  update: (message: Message, event: E) => Message,
): Handler<E> {
  return (state, event) =>
    updateMessage(state, event.messageId, (message) => update(message, event));
}

const handlers: EventHandlers = {
  userMessageAdded: (state, event) => appendMessage(state, event.message),
  compactBlockAdded: (state, event) => appendMessage(state, event.message),
  assistantMessageAdded: (state, event) =>
    appendMessage(state, {
      id: event.messageId,
      role: 'assistant',
      blocks: [],
      createdAt: event.createdAt,
    }),
  noticeAdded: (state, event) =>
    appendMessage(state, {
      id: event.messageId,
      role: 'system',
      blocks: [
        {
          type: 'notice',
          message: event.message,
          level: event.level,
          ...(event.toModel !== undefined ? { toModel: event.toModel } : {}),
        },
      ],
      createdAt: event.createdAt,
    }),
  hookRunUpdated: withHookRun,
  assistantContentUpdated: onMessage(withContentDelta),
  assistantReasoningUpdated: onMessage(withReasoningDelta),
  toolBlockUpdated: onMessage(withToolStep),
  bangBlockUpdated: onMessage(withBangStep),
  errorBlockAdded: onMessage((message, event) =>
    withBlockAppended(message, { type: 'error', message: event.error }),
  ),
  assistantMessageFinished: onMessage((message, event) =>
    withStreamingBlocksEnded(withUsage(message, event.usage)),
  ),
  assistantMessageDiscarded: (state, event) => {
    const index = lastIndexOfMessage(state.messages, event.messageId);
    if (index === -1) return countedUnmatched(state);
    return { ...state, messages: state.messages.toSpliced(index, 1) };
  },
  // A subagent's event goes, through this same reducer, into its tool block's thread.
  subagentEvent: (state, event) => {
    let matched = true;
    const next = updateMessage(state, event.messageId, (message) => {
      const changed = withThreadEvent(message, event.toolCallId, (thread) =>
        applyEvent(thread, event.event),
      );
      matched = changed !== undefined;
      return changed ?? message;
    });
    return matched ? next : countedUnmatched(state);
  },
  // Pull replaces (ARCHITECTURE §2.4): the list received is the state, as given.
  messagesReplaced: (state, event) =>
    event.messages === state.messages ? state : { ...state, messages: event.messages },
  // Rewind cuts at the last occurrence of the anchor, the anchor included (ARCHITECTURE §2.11).
  messagesRewound: (state, event) => {
    const index = lastIndexOfMessage(state.messages, event.anchorMessageId);
    if (index === -1) return countedUnmatched(state);
    return { ...state, messages: state.messages.slice(0, index) };
  },
};

function withUsage(message: Message, usage: Usage | undefined): Message {
  if (usage === undefined) return message;
  if (message.usage !== undefined && sameFields(message.usage, usage)) return message;
  return { ...message, usage };
}

/**
 * Looks the handler up by the event's own type. Typing `type` and `event` with the same `T`
 * is what lets the table be called without a cast.
 */
function dispatch<T extends ConversationEventType>(
  state: ConversationState,
  type: T,
  event: EventOf<T>,
): ConversationState {
  return handlers[type](state, event);
}

function hasHandler(event: AgentEvent): event is EventOf<ConversationEventType> {
  return Object.hasOwn(handlers, event.type);
}

/**
 * The state after `event`. Pure and total: never throws, never mutates its arguments. A
 * session event, or a type this version does not know (a newer peer), changes nothing.
 */
export function applyEvent(state: ConversationState, event: AgentEvent): ConversationState {
  if (!hasHandler(event)) return state;
  return dispatch(state, event.type, event);
}

/** The state after every event of `events`, in order. */
export function applyEvents(
  state: ConversationState,
  events: Iterable<AgentEvent>,
): ConversationState {
  return applyWithSettled(
    state,
    events,
    applyEvent,
    (conversation) => conversation,
    (_, conversation) => conversation,
    hasHandler,
  );
}
