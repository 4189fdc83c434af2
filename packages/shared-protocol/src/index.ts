// @wave-agent/shared-protocol: the contract every Wave package uses.

export type * from './messages.js';
export type * from './events.js';
export { AGENT_EVENT_TYPES } from './events.js';

export { conversationFrom, emptyConversation, type ConversationState } from './conversation.js';
export { applyEvent, applyEvents } from './reducer.js';
export { createCoalescer, type Coalescer, type CoalescerOptions } from './coalescer.js';

export * from './rpc/message-schemas.js';
export * from './rpc/event-schemas.js';
export * from './rpc/permission-mode.js';
export * from './rpc/provider-name.js';
export * from './rpc/session-records.js';
export * from './rpc/methods.js';
export * from './rpc/notifications.js';
export * from './rpc/server-requests.js';
export * from './rpc/error-codes.js';
export {
  parseAgentEvent,
  parseMethodParams,
  parseMethodResult,
  parseNotification,
  parseServerRequestParams,
  parseServerRequestResult,
  type ParseResult,
} from './rpc/parse.js';
export * from './rpc/event-notifications.js';
