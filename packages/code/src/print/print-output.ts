// One output format of print mode: it sees every event as it happens, then the turn's outcome.
import type { TurnResult } from '@wave-agent/agent-sdk';
import type { AgentEvent } from '@wave-agent/shared-protocol';

export interface PrintOutcome {
  readonly turn: TurnResult;
  readonly sessionId: string;
  /** The text of the turn's last assistant message. */
  readonly resultText: string;
  /** Stopped by SIGINT. */
  readonly interrupted: boolean;
}

export interface PrintOutput {
  event(event: AgentEvent): void;
  finish(outcome: PrintOutcome): void;
}
