// The AgentEvent union: everything an Agent tells its consumers, in order. Each `type` is also
// the JSON-RPC notification name on the wire. Payloads carry deltas only (DESIGN §2.1): a chunk
// is what arrived since the previous event, never the text so far.

import type {
  BangStage,
  FinishReason,
  Message,
  NoticeLevel,
  ProviderMetadata,
  StreamStage,
  ToolStage,
  Usage,
} from './messages.js';

/** A user message, complete at creation (its text, or a bang block for `!command`). */
export interface UserMessageAddedEvent {
  readonly type: 'userMessageAdded';
  readonly message: Message;
}

/** An empty assistant message; its blocks arrive as deltas. Always precedes its first delta. */
export interface AssistantMessageAddedEvent {
  readonly type: 'assistantMessageAdded';
  readonly messageId: string;
  readonly createdAt: number;
}

/**
 * A text delta. It extends the message's current text block (the last one not followed by a
 * tool or bang block), reopening it if it had ended; otherwise it starts a new text block.
 * `stage: "end"` with `chunk: ""` ends the block.
 */
export interface AssistantContentUpdatedEvent {
  readonly type: 'assistantContentUpdated';
  readonly messageId: string;
  readonly chunk: string;
  readonly stage: StreamStage;
}

/** A reasoning delta; the same block rule as text. Carries the clock of the block. */
export interface AssistantReasoningUpdatedEvent {
  readonly type: 'assistantReasoningUpdated';
  readonly messageId: string;
  readonly chunk: string;
  readonly stage: StreamStage;
  /** Set on the event that creates the block; a reopen keeps the first value. */
  readonly startedAt?: number;
  /** Set on `stage: "end"`. */
  readonly endedAt?: number;
  /** Provider data for the block (e.g. a signature), sent when it becomes known. */
  readonly providerMetadata?: ProviderMetadata;
}

/**
 * One step of a tool call, addressed by (messageId, id).
 * - `start`: creates the block; carries `name`.
 * - `streaming`: carries `parametersChunk` (a delta of the JSON input) and, when it changes,
 *   `compactParams`.
 * - `running`: carries the authoritative `parameters` and repeats `name` and `compactParams`
 *   on every event (DESIGN §2.8); output arrives as `resultChunk` deltas plus a bounded
 *   `shortResult` tail.
 * - `end`: carries the authoritative `parameters`, the final `result` and any `error`.
 */
export interface ToolBlockUpdatedEvent {
  readonly type: 'toolBlockUpdated';
  readonly messageId: string;
  readonly id: string;
  readonly stage: ToolStage;
  readonly name: string;
  readonly parametersChunk?: string;
  readonly parameters?: string;
  readonly compactParams?: string;
  readonly resultChunk?: string;
  readonly result?: string;
  readonly shortResult?: string;
  readonly error?: string;
}

/**
 * One step of a `!command`, addressed by messageId (the user message that holds the bang block).
 * `running` with `command` creates the block; `outputChunk` appends; `end` sets `exitCode`.
 */
export interface BangBlockUpdatedEvent {
  readonly type: 'bangBlockUpdated';
  readonly messageId: string;
  readonly stage: BangStage;
  readonly command?: string;
  readonly outputChunk?: string;
  readonly exitCode?: number | null;
}

/** Appends an error block to a message (e.g. the provider's final error for a turn). */
export interface ErrorBlockAddedEvent {
  readonly type: 'errorBlockAdded';
  readonly messageId: string;
  readonly error: string;
}

/** Something Wave tells the user (a retry wait, a skipped line): a new system message. */
export interface NoticeAddedEvent {
  readonly type: 'noticeAdded';
  readonly messageId: string;
  readonly createdAt: number;
  readonly message: string;
  readonly level: NoticeLevel;
}

/** Compaction appends its summary to the display stream; hosts append it, no pull (§2.11). */
export interface CompactBlockAddedEvent {
  readonly type: 'compactBlockAdded';
  readonly message: Message;
}

/** A model call finished: its usage and why it stopped. Ends any open text/reasoning block. */
export interface AssistantMessageFinishedEvent {
  readonly type: 'assistantMessageFinished';
  readonly messageId: string;
  readonly finishReason: FinishReason;
  readonly usage?: Usage;
}

/** A partial message from a failed stream is removed before the call is retried. */
export interface AssistantMessageDiscardedEvent {
  readonly type: 'assistantMessageDiscarded';
  readonly messageId: string;
}

/** A pull result (getMessages, restore, clear): replaces the consumer's state wholesale. */
export interface MessagesReplacedEvent {
  readonly type: 'messagesReplaced';
  readonly messages: readonly Message[];
}

/** Rewind: keep only what came before the last occurrence of the anchor message. */
export interface MessagesRewoundEvent {
  readonly type: 'messagesRewound';
  readonly anchorMessageId: string;
}

export type AgentEvent =
  | UserMessageAddedEvent
  | AssistantMessageAddedEvent
  | AssistantContentUpdatedEvent
  | AssistantReasoningUpdatedEvent
  | ToolBlockUpdatedEvent
  | BangBlockUpdatedEvent
  | ErrorBlockAddedEvent
  | NoticeAddedEvent
  | CompactBlockAddedEvent
  | AssistantMessageFinishedEvent
  | AssistantMessageDiscardedEvent
  | MessagesReplacedEvent
  | MessagesRewoundEvent;

export type AgentEventType = AgentEvent['type'];

/** The payload of one event type, without its `type` tag (what a callback receives). */
export type AgentEventPayload<T extends AgentEventType> = Omit<
  Extract<AgentEvent, { type: T }>,
  'type'
>;

/** Every event type, in one list, for tables keyed by event (callbacks, wire notifications). */
export const AGENT_EVENT_TYPES = [
  'userMessageAdded',
  'assistantMessageAdded',
  'assistantContentUpdated',
  'assistantReasoningUpdated',
  'toolBlockUpdated',
  'bangBlockUpdated',
  'errorBlockAdded',
  'noticeAdded',
  'compactBlockAdded',
  'assistantMessageFinished',
  'assistantMessageDiscarded',
  'messagesReplaced',
  'messagesRewound',
] as const satisfies readonly AgentEventType[];
