// The conversation events: everything that changes the messages, reduced by `applyEvent`.
// Payloads carry deltas only (ARCHITECTURE §2.1): a chunk is what arrived since the previous event,
// never the text so far. Each entry's `type` is also its name in stream-json and on the wire.

import { z } from 'zod';
import { lazySchema } from '../values/lazy-schema.js';
import {
  BangStageSchema,
  FinishReasonSchema,
  HookRunShape,
  MessageListSchema,
  MessageSchema,
  NoticeLevelSchema,
  ProviderMetadataSchema,
  StreamStageSchema,
  ToolStageSchema,
  UnaskedReasonSchema,
  UsageSchema,
} from '../rpc/message-schemas.js';
import { eventSchemas } from './event-table.js';

const OWN_EVENT_SCHEMAS = eventSchemas({
  /** A user message, complete at creation (its text, or a bang block for `!command`). */
  userMessageAdded: () => ({ message: MessageSchema }),

  /** An empty assistant message; its blocks arrive as deltas. Always precedes its first delta. */
  assistantMessageAdded: () => ({ messageId: z.string(), createdAt: z.number() }),

  /**
   * A text delta. It extends the message's current text block (the last one not followed by a
   * tool or bang block), reopening it if it had ended; otherwise it starts a new text block.
   * `stage: "end"` with `chunk: ""` ends the block.
   */
  assistantContentUpdated: () => ({
    messageId: z.string(),
    chunk: z.string(),
    stage: StreamStageSchema,
    /** Provider data for the block (Gemini's thought signature), sent when it becomes known. */
    providerMetadata: ProviderMetadataSchema.optional(),
  }),

  /** A reasoning delta; the same block rule as text. Carries the clock of the block. */
  assistantReasoningUpdated: () => ({
    messageId: z.string(),
    chunk: z.string(),
    stage: StreamStageSchema,
    /** Set on the event that creates the block; a reopen keeps the first value. */
    startedAt: z.number().optional(),
    /** Set on `stage: "end"`. */
    endedAt: z.number().optional(),
    /** Provider data for the block (e.g. a signature), sent when it becomes known. */
    providerMetadata: ProviderMetadataSchema.optional(),
  }),

  /**
   * One step of a tool call, addressed by (messageId, id).
   * - `start`: creates the block; carries `name`.
   * - `streaming`: carries `parametersChunk` (a delta of the JSON input) and, when it changes,
   *   `compactParams`.
   * - `running`: carries the authoritative `parameters` and repeats `name` and `compactParams`
   *   on every event (ARCHITECTURE §2.8); output arrives as `resultChunk` deltas plus a bounded
   *   `shortResult` tail.
   * - `end`: carries the authoritative `parameters`, the final `result` and any `error`.
   */
  toolBlockUpdated: () => ({
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
    /** On `running` and `end` of a command: whether it runs in the sandbox. */
    sandboxed: z.boolean().optional(),
    /** On `running` and `end`: why it runs without a question (absent: someone was asked). */
    unasked: UnaskedReasonSchema.optional(),
    /** On `streaming`: provider data for the call, sent back with it (Gemini's thought signature). */
    providerMetadata: ProviderMetadataSchema.optional(),
  }),

  /**
   * One step of a `!command`, addressed by messageId (the user message that holds the bang
   * block). `running` with `command` creates the block; `outputChunk` appends; `end` sets
   * `exitCode` (null when a signal killed it).
   */
  bangBlockUpdated: () => ({
    messageId: z.string(),
    stage: BangStageSchema,
    command: z.string().optional(),
    outputChunk: z.string().optional(),
    exitCode: z.number().nullable().optional(),
    /** Whether the command runs in the sandbox (on `end`). */
    sandboxed: z.boolean().optional(),
  }),

  /** Appends an error block to a message (e.g. the provider's final error for a turn). */
  errorBlockAdded: () => ({ messageId: z.string(), error: z.string() }),

  /** Something Wave tells the user (a retry wait, a skipped line): a new system message. */
  noticeAdded: () => ({
    messageId: z.string(),
    createdAt: z.number(),
    message: z.string(),
    level: NoticeLevelSchema,
    /** Told to the model as well, on its next call (NoticeBlock.toModel). */
    toModel: z.string().optional(),
  }),

  /**
   * One step of a hook run (DESIGN §5). With `toolCallId` it goes into that tool block's `hooks`
   * of message `messageId`; without, `running` creates system message `messageId` holding a hook
   * block. `end` repeats the stable fields and carries the outcome, so a consumer that missed
   * `running` still ends up right.
   */
  hookRunUpdated: () => ({
    messageId: z.string(),
    toolCallId: z.string().optional(),
    createdAt: z.number(),
    ...HookRunShape,
  }),

  /** Compaction appends its summary to the display stream; hosts append it, no pull (§2.11). */
  compactBlockAdded: () => ({ message: MessageSchema }),

  /** A model call finished: its usage and why it stopped. Ends any open text/reasoning block. */
  assistantMessageFinished: () => ({
    messageId: z.string(),
    finishReason: FinishReasonSchema,
    usage: UsageSchema.optional(),
    /** The model id that answered (what /usage counts per model); absent in older sessions. */
    model: z.string().optional(),
  }),

  /** A partial message from a failed stream is removed before the call is retried. */
  assistantMessageDiscarded: () => ({ messageId: z.string() }),

  /** A full list (a rewind without a receipt, an older pull): replaces the messages wholesale. */
  messagesReplaced: () => ({ messages: MessageListSchema }),

  /**
   * Rewind: keep only what came before the last occurrence of the anchor message. `requestId`
   * is the one the rewinding host sent, so it knows this cut answers its request (§2.11).
   */
  messagesRewound: () => ({ anchorMessageId: z.string(), requestId: z.string().optional() }),
});

/**
 * What a subagent's conversation is made of: the events of a model turn, never a replace, a
 * rewind, a compaction or another subagent's (a subagent starts no subagents).
 */
export const NestedEventSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    OWN_EVENT_SCHEMAS.userMessageAdded,
    OWN_EVENT_SCHEMAS.assistantMessageAdded,
    OWN_EVENT_SCHEMAS.assistantContentUpdated,
    OWN_EVENT_SCHEMAS.assistantReasoningUpdated,
    OWN_EVENT_SCHEMAS.toolBlockUpdated,
    OWN_EVENT_SCHEMAS.errorBlockAdded,
    OWN_EVENT_SCHEMAS.noticeAdded,
    OWN_EVENT_SCHEMAS.hookRunUpdated,
    OWN_EVENT_SCHEMAS.assistantMessageFinished,
    OWN_EVENT_SCHEMAS.assistantMessageDiscarded,
  ]),
);

/** The types a subagent's conversation is made of (read off the schema when first asked). */
export function nestedEventTypes(): readonly string[] {
  return NestedEventSchema.options.map((option) => option.shape.type.value);
}

export const CONVERSATION_EVENT_SCHEMAS = {
  ...OWN_EVENT_SCHEMAS,
  ...eventSchemas({
    /**
     * One event of a subagent's conversation, carried with the tool call that owns it (a Task
     * call, addressed by messageId and toolCallId). The same deltas as the parent's, reduced by
     * the same reducer into that tool block's `thread` (ARCHITECTURE §2.1, §2.2).
     */
    subagentEvent: () => ({
      messageId: z.string(),
      toolCallId: z.string(),
      event: NestedEventSchema,
    }),
  }),
};
