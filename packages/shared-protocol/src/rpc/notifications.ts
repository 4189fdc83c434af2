// The server → client notifications. Each AgentEvent is one notification named by its `type`,
// with the event's payload plus `sessionId` as params, side by side (not nested). A few more
// notifications report on requests and the queue.

import { z } from 'zod';
import type { AgentEventType } from '../events.js';
import { AGENT_EVENT_SCHEMAS } from './event-schemas.js';
import { StreamStageSchema, UsageSchema } from './message-schemas.js';
import { QueuedMessageListSchema } from './session-records.js';

/** The params schema of an event's notification: its payload without `type`, plus `sessionId`. */
function eventNotificationSchema<Shape extends { type: z.ZodType }>(event: { shape: Shape }) {
  const { type: _type, ...payload } = event.shape;
  return z.object({ ...payload, sessionId: z.string() });
}

/** The receipt of `rewindToMessage`; hosts truncate only on `ok` with their own requestId. */
export const RewindResultParamsSchema = z.object({
  sessionId: z.string(),
  requestId: z.string(),
  ok: z.boolean(),
  error: z.string().optional(),
  /** False when only files were restored: the host keeps its list as it is. */
  conversationCut: z.boolean().optional(),
});

/**
 * Why a turn ended. `max_tokens`: the model's last reply was cut off at its output limit;
 * `refusal`: the model declined to answer (a content filter); `removed`: it was queued and
 * removed before it ran.
 */
export const TURN_STOP_REASONS = [
  'end_turn',
  'max_turns',
  'max_tokens',
  'refusal',
  'aborted',
  'error',
  'removed',
] as const;
export type TurnStopReason = (typeof TURN_STOP_REASONS)[number];

/** A turn (all its model calls and tools) ended: hosts re-enable input, show usage. */
export const TurnEndedParamsSchema = z.object({
  sessionId: z.string(),
  stopReason: z.enum(TURN_STOP_REASONS),
  error: z.string().optional(),
  usage: UsageSchema,
  durationMs: z.number(),
});

/** The whole queue after any change (it is short): replaces the host's copy. */
export const QueuedMessagesChangedParamsSchema = z.object({
  sessionId: z.string(),
  queued: QueuedMessageListSchema,
});

/** A delta of a side question's answer (`askBtw`); deltas only, like every stream. */
export const BtwUpdatedParamsSchema = z.object({
  sessionId: z.string(),
  btwId: z.string(),
  chunk: z.string(),
  stage: StreamStageSchema,
  /** Set on the final update when the side question failed: what happened, as a sentence. */
  error: z.string().optional(),
});

export const RPC_NOTIFICATIONS = {
  userMessageAdded: eventNotificationSchema(AGENT_EVENT_SCHEMAS.userMessageAdded),
  assistantMessageAdded: eventNotificationSchema(AGENT_EVENT_SCHEMAS.assistantMessageAdded),
  assistantContentUpdated: eventNotificationSchema(AGENT_EVENT_SCHEMAS.assistantContentUpdated),
  assistantReasoningUpdated: eventNotificationSchema(AGENT_EVENT_SCHEMAS.assistantReasoningUpdated),
  toolBlockUpdated: eventNotificationSchema(AGENT_EVENT_SCHEMAS.toolBlockUpdated),
  bangBlockUpdated: eventNotificationSchema(AGENT_EVENT_SCHEMAS.bangBlockUpdated),
  errorBlockAdded: eventNotificationSchema(AGENT_EVENT_SCHEMAS.errorBlockAdded),
  noticeAdded: eventNotificationSchema(AGENT_EVENT_SCHEMAS.noticeAdded),
  compactBlockAdded: eventNotificationSchema(AGENT_EVENT_SCHEMAS.compactBlockAdded),
  assistantMessageFinished: eventNotificationSchema(AGENT_EVENT_SCHEMAS.assistantMessageFinished),
  assistantMessageDiscarded: eventNotificationSchema(AGENT_EVENT_SCHEMAS.assistantMessageDiscarded),
  messagesReplaced: eventNotificationSchema(AGENT_EVENT_SCHEMAS.messagesReplaced),
  messagesRewound: eventNotificationSchema(AGENT_EVENT_SCHEMAS.messagesRewound),
  rewindResult: RewindResultParamsSchema,
  queuedMessagesChanged: QueuedMessagesChangedParamsSchema,
  btwUpdated: BtwUpdatedParamsSchema,
  turnEnded: TurnEndedParamsSchema,
} as const satisfies Record<AgentEventType, z.ZodType> & Record<string, z.ZodType>;

export type RpcNotificationName = keyof typeof RPC_NOTIFICATIONS;
export type RpcNotificationParams<N extends RpcNotificationName> = z.output<
  (typeof RPC_NOTIFICATIONS)[N]
>;

export function isRpcNotificationName(name: string): name is RpcNotificationName {
  return Object.hasOwn(RPC_NOTIFICATIONS, name);
}

export type RewindResultParams = RpcNotificationParams<'rewindResult'>;
export type QueuedMessagesChangedParams = RpcNotificationParams<'queuedMessagesChanged'>;
export type BtwUpdatedParams = RpcNotificationParams<'btwUpdated'>;
export type TurnEndedParams = RpcNotificationParams<'turnEnded'>;
