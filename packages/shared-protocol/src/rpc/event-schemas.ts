// Runtime schemas of the AgentEvent union in events.ts (hosts validate what they receive).
// `schema-type-equality.ts` proves at compile time that each one matches its event type.

import { z } from 'zod';
import type { AgentEvent, AgentEventType } from '../events.js';
import {
  BangStageSchema,
  FinishReasonSchema,
  MessageListSchema,
  MessageSchema,
  NoticeLevelSchema,
  ProviderMetadataSchema,
  StreamStageSchema,
  ToolStageSchema,
  UsageSchema,
} from './message-schemas.js';

export const UserMessageAddedEventSchema = z.object({
  type: z.literal('userMessageAdded'),
  message: MessageSchema,
});

export const AssistantMessageAddedEventSchema = z.object({
  type: z.literal('assistantMessageAdded'),
  messageId: z.string(),
  createdAt: z.number(),
});

export const AssistantContentUpdatedEventSchema = z.object({
  type: z.literal('assistantContentUpdated'),
  messageId: z.string(),
  chunk: z.string(),
  stage: StreamStageSchema,
});

export const AssistantReasoningUpdatedEventSchema = z.object({
  type: z.literal('assistantReasoningUpdated'),
  messageId: z.string(),
  chunk: z.string(),
  stage: StreamStageSchema,
  startedAt: z.number().optional(),
  endedAt: z.number().optional(),
  providerMetadata: ProviderMetadataSchema.optional(),
});

export const ToolBlockUpdatedEventSchema = z.object({
  type: z.literal('toolBlockUpdated'),
  messageId: z.string(),
  id: z.string(),
  stage: ToolStageSchema,
  name: z.string(),
  parametersChunk: z.string().optional(),
  parameters: z.string().optional(),
  compactParams: z.string().optional(),
  resultChunk: z.string().optional(),
  result: z.string().optional(),
  shortResult: z.string().optional(),
  error: z.string().optional(),
});

export const BangBlockUpdatedEventSchema = z.object({
  type: z.literal('bangBlockUpdated'),
  messageId: z.string(),
  stage: BangStageSchema,
  command: z.string().optional(),
  outputChunk: z.string().optional(),
  exitCode: z.number().nullable().optional(),
});

export const ErrorBlockAddedEventSchema = z.object({
  type: z.literal('errorBlockAdded'),
  messageId: z.string(),
  error: z.string(),
});

export const NoticeAddedEventSchema = z.object({
  type: z.literal('noticeAdded'),
  messageId: z.string(),
  createdAt: z.number(),
  message: z.string(),
  level: NoticeLevelSchema,
});

export const CompactBlockAddedEventSchema = z.object({
  type: z.literal('compactBlockAdded'),
  message: MessageSchema,
});

export const AssistantMessageFinishedEventSchema = z.object({
  type: z.literal('assistantMessageFinished'),
  messageId: z.string(),
  finishReason: FinishReasonSchema,
  usage: UsageSchema.optional(),
});

export const AssistantMessageDiscardedEventSchema = z.object({
  type: z.literal('assistantMessageDiscarded'),
  messageId: z.string(),
});

export const MessagesReplacedEventSchema = z.object({
  type: z.literal('messagesReplaced'),
  messages: MessageListSchema,
});

export const MessagesRewoundEventSchema = z.object({
  type: z.literal('messagesRewound'),
  anchorMessageId: z.string(),
});

/** Every event schema, keyed by event type; a missing or extra key does not compile. */
export const AGENT_EVENT_SCHEMAS = {
  userMessageAdded: UserMessageAddedEventSchema,
  assistantMessageAdded: AssistantMessageAddedEventSchema,
  assistantContentUpdated: AssistantContentUpdatedEventSchema,
  assistantReasoningUpdated: AssistantReasoningUpdatedEventSchema,
  toolBlockUpdated: ToolBlockUpdatedEventSchema,
  bangBlockUpdated: BangBlockUpdatedEventSchema,
  errorBlockAdded: ErrorBlockAddedEventSchema,
  noticeAdded: NoticeAddedEventSchema,
  compactBlockAdded: CompactBlockAddedEventSchema,
  assistantMessageFinished: AssistantMessageFinishedEventSchema,
  assistantMessageDiscarded: AssistantMessageDiscardedEventSchema,
  messagesReplaced: MessagesReplacedEventSchema,
  messagesRewound: MessagesRewoundEventSchema,
} as const satisfies {
  readonly [T in AgentEventType]: z.ZodType<Extract<AgentEvent, { type: T }>>;
};

export const AgentEventSchema = z.discriminatedUnion('type', [
  UserMessageAddedEventSchema,
  AssistantMessageAddedEventSchema,
  AssistantContentUpdatedEventSchema,
  AssistantReasoningUpdatedEventSchema,
  ToolBlockUpdatedEventSchema,
  BangBlockUpdatedEventSchema,
  ErrorBlockAddedEventSchema,
  NoticeAddedEventSchema,
  CompactBlockAddedEventSchema,
  AssistantMessageFinishedEventSchema,
  AssistantMessageDiscardedEventSchema,
  MessagesReplacedEventSchema,
  MessagesRewoundEventSchema,
]);
