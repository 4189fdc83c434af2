// The last thing json and stream-json print: one object that sums up the turn, with the cost of
// the session in Claude Code's words (`total_cost_usd`; null when a model's price is unknown).
import { uncachedInput } from '@wave-agent/shared-protocol';
import type { Usage } from '@wave-agent/shared-protocol';
import type { PrintOutcome } from './print-output.js';

/** Wave's usage, with Claude Code's names for the same counts beside it (scripts read either). */
export interface ResultUsage extends Usage {
  readonly input_tokens: number;
  readonly output_tokens: number;
  readonly cache_read_input_tokens: number;
  readonly cache_creation_input_tokens: number;
}

export interface ResultRecord {
  readonly type: 'result';
  readonly result: string;
  readonly usage: ResultUsage;
  readonly total_cost_usd: number | null;
  readonly duration_ms: number;
  readonly stop_reason: string;
  readonly session_id: string;
  readonly is_error: boolean;
  /** What went wrong, when the turn failed. */
  readonly error?: string;
}

/**
 * A turn that ran out of maxTurns stopped as asked, and a reply cut off at the output limit is
 * still an answer (its stop_reason says it is partial); an abort, an error or a refusal gave
 * none, so a script must not take the output for one.
 */
export function isFailure(outcome: PrintOutcome): boolean {
  const { stopReason } = outcome.turn;
  return (
    outcome.interrupted ||
    stopReason === 'error' ||
    stopReason === 'aborted' ||
    stopReason === 'refusal'
  );
}

export function resultRecord(outcome: PrintOutcome): ResultRecord {
  const { turn } = outcome;
  return {
    type: 'result',
    result: outcome.resultText,
    usage: {
      ...turn.usage,
      input_tokens: uncachedInput(turn.usage),
      output_tokens: turn.usage.outputTokens,
      cache_read_input_tokens: turn.usage.cachedInputTokens ?? 0,
      cache_creation_input_tokens: turn.usage.cacheWriteTokens ?? 0,
    },
    total_cost_usd: outcome.totalCostUsd ?? null,
    duration_ms: turn.durationMs,
    stop_reason: turn.stopReason,
    session_id: outcome.sessionId,
    is_error: isFailure(outcome),
    ...(turn.error !== undefined ? { error: turn.error } : {}),
  };
}
