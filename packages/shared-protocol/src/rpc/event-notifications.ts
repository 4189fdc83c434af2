// An AgentEvent on the wire: its `type` is the notification name, its payload plus `sessionId`
// the params (DESIGN §4: stream-json and the stdio bridge use the same names and payloads).

import { AGENT_EVENT_TYPES, type AgentEvent, type AgentEventType } from '../events.js';
import { parseNotification, type ParseResult } from './parse.js';
import type { RpcNotificationParams } from './notifications.js';

type EventOf<T extends AgentEventType> = Extract<AgentEvent, { type: T }>;

export interface EventNotification<E extends AgentEvent = AgentEvent> {
  readonly method: E['type'];
  readonly params: Omit<E, 'type'> & { readonly sessionId: string };
}

export interface SessionEvent {
  readonly sessionId: string;
  readonly event: AgentEvent;
}

const eventTypes: ReadonlySet<string> = new Set(AGENT_EVENT_TYPES);

export function isAgentEventType(name: string): name is AgentEventType {
  return eventTypes.has(name);
}

/** The notification that carries `event` for `sessionId`. */
export function toEventNotification<E extends AgentEvent>(
  sessionId: string,
  event: E,
): EventNotification<E> {
  const { type, ...payload } = event;
  return { method: type, params: { ...payload, sessionId } };
}

/** Rebuilds each event from its validated params (which hold exactly the payload and sessionId). */
const eventFromParams: {
  readonly [T in AgentEventType]: (params: RpcNotificationParams<T>) => EventOf<T>;
} = {
  userMessageAdded: ({ sessionId: _, ...payload }) => ({ type: 'userMessageAdded', ...payload }),
  assistantMessageAdded: ({ sessionId: _, ...payload }) => ({
    type: 'assistantMessageAdded',
    ...payload,
  }),
  assistantContentUpdated: ({ sessionId: _, ...payload }) => ({
    type: 'assistantContentUpdated',
    ...payload,
  }),
  assistantReasoningUpdated: ({ sessionId: _, ...payload }) => ({
    type: 'assistantReasoningUpdated',
    ...payload,
  }),
  toolBlockUpdated: ({ sessionId: _, ...payload }) => ({ type: 'toolBlockUpdated', ...payload }),
  bangBlockUpdated: ({ sessionId: _, ...payload }) => ({ type: 'bangBlockUpdated', ...payload }),
  errorBlockAdded: ({ sessionId: _, ...payload }) => ({ type: 'errorBlockAdded', ...payload }),
  noticeAdded: ({ sessionId: _, ...payload }) => ({ type: 'noticeAdded', ...payload }),
  compactBlockAdded: ({ sessionId: _, ...payload }) => ({ type: 'compactBlockAdded', ...payload }),
  assistantMessageFinished: ({ sessionId: _, ...payload }) => ({
    type: 'assistantMessageFinished',
    ...payload,
  }),
  assistantMessageDiscarded: ({ sessionId: _, ...payload }) => ({
    type: 'assistantMessageDiscarded',
    ...payload,
  }),
  messagesReplaced: ({ sessionId: _, ...payload }) => ({ type: 'messagesReplaced', ...payload }),
  messagesRewound: ({ sessionId: _, ...payload }) => ({ type: 'messagesRewound', ...payload }),
};

function sessionEventFrom<T extends AgentEventType>(
  type: T,
  params: RpcNotificationParams<T>,
): SessionEvent {
  return { sessionId: params.sessionId, event: eventFromParams[type](params) };
}

/**
 * Validates an event notification and gives back the event and its session, ready for
 * `applyEvent`. A notification that is not an event (e.g. `rewindResult`) is refused.
 */
export function parseEventNotification(method: string, raw: unknown): ParseResult<SessionEvent> {
  if (!isAgentEventType(method))
    return { ok: false, message: `not an event notification: ${method}` };
  const params = parseNotification(method, raw);
  if (!params.ok) return params;
  return { ok: true, value: sessionEventFrom(method, params.value) };
}
