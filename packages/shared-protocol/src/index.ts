// @wave-agent/shared-protocol: the contract every Wave package uses.

export type * from './messages.js';
export type * from './events.js';
export {
  AGENT_EVENT_SCHEMAS,
  AGENT_EVENT_TYPES,
  CONVERSATION_EVENT_TYPES,
  SESSION_EVENT_TYPES,
  isAgentEventType,
  isConversationEvent,
  isConversationEventType,
  isNestedEvent,
} from './events.js';
export { TURN_STOP_REASONS, type TurnStopReason } from './events/session-events.js';

export { conversationFrom, emptyConversation, type ConversationState } from './conversation.js';
export { applyEvent, applyEvents } from './reducer.js';
export { inArrivalOrder } from './view/arrival-order.js';
export { sandboxSummary } from './view/sandbox-summary.js';
export type { SandboxSummary } from './view/sandbox-summary.js';
export { attachmentLabel, formatBytes, linesLabel } from './view/attachment-label.js';
export { formatCount } from './view/format-count.js';
export { hookRunSummary } from './view/hook-run-summary.js';
export { hooksText, NO_HOOKS } from './view/hooks-text.js';
export { shortCount } from './view/short-count.js';
export { dollars, NO_PRICE, usageText } from './view/usage-text.js';
export { contextText, NO_CONTEXT_YET } from './view/context-text.js';
export { apportion } from './values/apportion.js';
export * from './rpc/context-window-use.js';
export { ModelPricingSchema } from './cost/model-pricing.js';
export type { ModelPricing } from './cost/model-pricing.js';
export { PRICE_TABLE } from './cost/price-table.js';
export { costOf, listPrice, priceOf, sessionCostUsd, uncachedInput } from './cost/session-cost.js';
export { typedText } from './view/typed-text.js';
export * from './view/view-parts.js';
export * from './view/tool-look.js';
export * from './web/fetched-page-header.js';
export * from './web/search-results-text.js';
export * from './view/tool-view.js';
export * from './view/block-view.js';
export * from './view/user-question-words.js';
export { shownToolName } from './view/tool-looks/generic-look.js';
export {
  findMentions,
  withoutTrailingPunctuation,
  type Mention,
} from './mentions/find-mentions.js';
export {
  mentionAt,
  mentionIs,
  mentionText,
  withMention,
  type MentionToken,
  type TextAtCursor,
} from './mentions/mention-at-cursor.js';
export { stillMatching } from './mentions/still-matching.js';
export * from './mentions/mcp-resource-mentions.js';
export type * from './session/session-state.js';
export {
  estimateTokens,
  initialSessionState,
  liveTokenCount,
  type NewSessionFacts,
} from './session/session-state.js';
export { applySessionEvent, applySessionEvents } from './session/session-reducer.js';
export { addUsage, UNNAMED_MODEL, withSpent } from './session/session-usage.js';
export { createCoalescer, type Coalescer, type CoalescerOptions } from './coalescer.js';
export {
  createEventBatcher,
  type EventBatcher,
  type EventBatcherOptions,
} from './event-batcher.js';

export * from './commands/slash-commands.js';
export * from './commands/custom-commands.js';
export * from './commands/context-lists.js';
export * from './commands/permissions-command.js';
export * from './commands/plugin-command.js';
export * from './commands/add-dir-command.js';
export * from './commands/model-arguments.js';
export * from './commands/mcp-prompt-commands.js';
export * from './commands/export-file-name.js';
export * from './view/conversation-markdown.js';

export * from './rpc/message-schemas.js';
export * from './rpc/session-state-schema.js';
export * from './rpc/permission-decision.js';
export * from './rpc/permission-rules.js';
export * from './rpc/plugin-browser.js';
export * from './rpc/work-folders.js';
export * from './rpc/permission-mode.js';
export * from './rpc/user-questions.js';
export * from './rpc/effort-level.js';
export * from './rpc/provider-name.js';
export * from './rpc/host-name.js';
export * from './rpc/session-records.js';
export * from './rpc/work-records.js';
export * from './rpc/configured-models.js';
export * from './rpc/mcp-server-config.js';
export * from './rpc/mcp-server-status.js';
export * from './rpc/sandbox-status.js';
export * from './rpc/project-context.js';
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
export {
  CONNECTION_CLOSED,
  JsonRpcPeer,
  RpcError,
  type JsonRpcErrorObject,
  type JsonRpcPeerOptions,
} from './rpc/json-rpc-peer.js';
export { isRecord } from './values/is-record.js';
export { errorText } from './values/error-text.js';
export { errorCode } from './values/error-code.js';
