// The part of the SDK's Agent the UI uses, written out so the UI (and its tests) depend on
// this shape rather than on the class. The real `Agent` satisfies it as it is.

import type { Agent } from '@wave-agent/agent-sdk';
import type { AgentEvent, ConversationState, PermissionMode } from '@wave-agent/shared-protocol';

export interface UiAgent {
  /** The conversation so far, made by the shared reducer (immutable). */
  readonly state: ConversationState;
  /** Every event, in order; returns the unsubscribe function. */
  subscribe(listener: (event: AgentEvent) => void): () => void;
  /** Resolves when the whole turn has ended. Rejects when a turn is already running. */
  sendMessage(text: string): Promise<unknown>;
  abortMessage(): void;
  readonly isRunning: boolean;
  readonly permissionMode: PermissionMode;
  setPermissionMode(mode: PermissionMode): void;
  readonly provider: { readonly provider: string; readonly model: string; readonly reason: string };
  readonly workdir: string;
  /** Runs `!command` in a shell, streamed as a bang block in a user message. */
  runBang(command: string): Promise<unknown>;
}

type Holds<T extends true> = T;
/** Stops compiling when the SDK's Agent no longer has what the UI uses. */
export type AgentFitsUiAgent = Holds<Agent extends UiAgent ? true : false>;
