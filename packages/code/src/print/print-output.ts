// One output format of print mode: it sees every event as it happens, then the turn's outcome.
import type { AgentEvent, SessionState, TurnSummary } from '@wave-agent/shared-protocol';

export interface PrintOutcome {
  readonly turn: TurnSummary;
  readonly sessionId: string;
  /** The text of the turn's last assistant message. */
  readonly resultText: string;
  /** Stopped by SIGINT. */
  readonly interrupted: boolean;
  /** The session's cost in US dollars; undefined when a model's price is unknown. */
  readonly totalCostUsd?: number;
  /** Model calls that answered in the turn, and the milliseconds they took (turn-tally.ts). */
  readonly numTurns: number;
  readonly durationApiMs: number;
  /** --max-budget-usd stopped the turn: the sentence that says so. */
  readonly overBudget?: string;
  /** --json-schema: the answer as JSON that matches, or why it does not. */
  readonly structured?: { readonly value: unknown } | { readonly problem: string };
}

export interface PrintOutput {
  /** An event, with the session state the one reducer made of it (text is read from there). */
  event(event: AgentEvent, state: SessionState): void;
  finish(outcome: PrintOutcome): void;
}
