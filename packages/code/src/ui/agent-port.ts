// The part of the SDK's Agent the UI uses, written out so the UI (and its tests) depend on
// this shape rather than on the class. The real `Agent` satisfies it as it is.

import type {
  ListedSessions,
  RestoreResult,
  RewindRestore,
  RewindResult,
} from '@wave-agent/agent-sdk';
import type {
  AgentEvent,
  ConversationState,
  PermissionMode,
  QueuedMessage,
} from '@wave-agent/shared-protocol';

export interface UiAgent {
  /** The conversation so far, made by the shared reducer (immutable). */
  readonly state: ConversationState;
  /** Every event, in order; returns the unsubscribe function. */
  subscribe(listener: (event: AgentEvent) => void): () => void;
  /**
   * Resolves when this message's own turn has ended. While a turn runs the message waits in
   * the queue (`queuedMessages`) and resolves with stopReason "removed" if it is removed.
   */
  sendMessage(text: string): Promise<unknown>;
  abortMessage(): void;
  readonly isRunning: boolean;
  readonly permissionMode: PermissionMode;
  setPermissionMode(mode: PermissionMode): void;
  readonly provider: { readonly provider: string; readonly model: string; readonly reason: string };
  /** Switches the model for this session; throws a sentence when it cannot. */
  setModel(model: string): void;
  readonly workdir: string;
  /** Runs `!command` in a shell, streamed as a bang block in a user message. */
  runBang(command: string): Promise<unknown>;
  /** Messages typed while a turn runs, oldest first. */
  readonly queuedMessages: readonly QueuedMessage[];
  editQueuedMessage(id: string, text: string): boolean;
  removeQueuedMessage(id: string): boolean;
  readonly sessionId: string;
  /** This working directory's sessions, newest first; unreadable files are `problems`. */
  listSessions(): ListedSessions;
  /** Switches to a stored session (emits messagesReplaced); throws SessionFileError. */
  restoreSession(sessionId: string): Promise<RestoreResult>;
  /** Cuts the conversation before a user message and/or puts files back. */
  rewind(userMessageId: string, restore: RewindRestore): RewindResult | Promise<RewindResult>;
  /** Folds the model context into a summary (a compact block is appended). */
  compact(instructions?: string): Promise<{ readonly ok: boolean; readonly error?: string }>;
  /** A side question: the answer streams as deltas through onChunk, outside the conversation. */
  askBtw(question: string, onChunk: (chunk: string) => void, signal?: AbortSignal): Promise<void>;
}
