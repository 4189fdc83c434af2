// The event unions, derived from the two event tables (events/conversation-events.ts and
// events/session-events.ts): everything an Agent tells its consumers, in order. Each `type` is
// also the event's name on the wire and in stream-json. Payloads carry deltas only (ARCHITECTURE §2.1).

import { CONVERSATION_EVENT_SCHEMAS, nestedEventTypes } from './events/conversation-events.js';
import type { ReadonlyOutput } from './events/event-table.js';
import { SESSION_EVENT_SCHEMAS } from './events/session-events.js';

type ConversationSchemas = typeof CONVERSATION_EVENT_SCHEMAS;
type SessionSchemas = typeof SESSION_EVENT_SCHEMAS;

/** Every event's runtime schema, by type. */
export const AGENT_EVENT_SCHEMAS: ConversationSchemas & SessionSchemas = {
  ...CONVERSATION_EVENT_SCHEMAS,
  ...SESSION_EVENT_SCHEMAS,
};

export type ConversationEventType = keyof ConversationSchemas;
export type SessionEventType = keyof SessionSchemas;
export type AgentEventType = ConversationEventType | SessionEventType;

/** The event of one type. */
export type EventOf<T extends AgentEventType> = ReadonlyOutput<(typeof AGENT_EVENT_SCHEMAS)[T]>;

/** Events that change the messages (reduced by `applyEvent`). */
export type ConversationEvent = { [T in ConversationEventType]: EventOf<T> }[ConversationEventType];

/** Events about the session around the conversation (reduced by `applySessionEvent`). */
export type SessionEvent = { [T in SessionEventType]: EventOf<T> }[SessionEventType];

/** Everything an Agent emits. */
export type AgentEvent = ConversationEvent | SessionEvent;

/** The payload of one event type, without its `type` tag (what a callback receives). */
export type AgentEventPayload<T extends AgentEventType> = Omit<EventOf<T>, 'type'>;

export function isAgentEventType(name: string): name is AgentEventType {
  return Object.hasOwn(AGENT_EVENT_SCHEMAS, name);
}

export function isConversationEventType(name: string): name is ConversationEventType {
  return Object.hasOwn(CONVERSATION_EVENT_SCHEMAS, name);
}

function isSessionEventType(name: string): name is SessionEventType {
  return Object.hasOwn(SESSION_EVENT_SCHEMAS, name);
}

export function isConversationEvent(event: AgentEvent): event is ConversationEvent {
  return isConversationEventType(event.type);
}

export const CONVERSATION_EVENT_TYPES: readonly ConversationEventType[] = Object.keys(
  CONVERSATION_EVENT_SCHEMAS,
).filter(isConversationEventType);
export const SESSION_EVENT_TYPES: readonly SessionEventType[] =
  Object.keys(SESSION_EVENT_SCHEMAS).filter(isSessionEventType);
/** Every event type, in one list, for tables keyed by event. */
export const AGENT_EVENT_TYPES: readonly AgentEventType[] = [
  ...CONVERSATION_EVENT_TYPES,
  ...SESSION_EVENT_TYPES,
];

// Names for the events code refers to often.
export type UserMessageAddedEvent = EventOf<'userMessageAdded'>;
export type AssistantMessageAddedEvent = EventOf<'assistantMessageAdded'>;
export type AssistantContentUpdatedEvent = EventOf<'assistantContentUpdated'>;
export type AssistantReasoningUpdatedEvent = EventOf<'assistantReasoningUpdated'>;
export type ToolBlockUpdatedEvent = EventOf<'toolBlockUpdated'>;
export type BangBlockUpdatedEvent = EventOf<'bangBlockUpdated'>;
export type ErrorBlockAddedEvent = EventOf<'errorBlockAdded'>;
export type NoticeAddedEvent = EventOf<'noticeAdded'>;
export type HookRunUpdatedEvent = EventOf<'hookRunUpdated'>;
export type CompactBlockAddedEvent = EventOf<'compactBlockAdded'>;
export type AssistantMessageFinishedEvent = EventOf<'assistantMessageFinished'>;
export type AssistantMessageDiscardedEvent = EventOf<'assistantMessageDiscarded'>;
export type MessagesReplacedEvent = EventOf<'messagesReplaced'>;
export type MessagesRewoundEvent = EventOf<'messagesRewound'>;
export type BtwUpdatedEvent = EventOf<'btwUpdated'>;
export type SubagentEvent = EventOf<'subagentEvent'>;
/** An event of a subagent's conversation (what `subagentEvent` carries). */
export type NestedEvent = SubagentEvent['event'];

let nestedTypes: ReadonlySet<string> | undefined;

/** Whether the event can be part of a subagent's conversation. */
export function isNestedEvent(event: AgentEvent): event is NestedEvent {
  nestedTypes ??= new Set(nestedEventTypes());
  return nestedTypes.has(event.type);
}

/** How a turn ended, as a host learns it from `turnEnded`. */
export type TurnSummary = Omit<EventOf<'turnEnded'>, 'type' | 'turnId'>;
