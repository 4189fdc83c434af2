// One output format of print mode: it sees every event as it happens, then the turn's outcome.
import type { AgentEvent, TurnSummary } from '@wave-agent/shared-protocol';

export interface PrintOutcome {
  readonly turn: TurnSummary;
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
