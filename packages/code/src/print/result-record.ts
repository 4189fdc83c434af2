// The last thing json and stream-json print: one object that sums up the turn.
import type { Usage } from '@wave-agent/shared-protocol';
import type { PrintOutcome } from './print-output.js';

export interface ResultRecord {
  readonly type: 'result';
  readonly result: string;
  readonly usage: Usage;
  readonly duration_ms: number;
  readonly stop_reason: string;
  readonly session_id: string;
  readonly is_error: boolean;
  /** What went wrong, when the turn failed. */
  readonly error?: string;
}

/** A turn that ran out of maxTurns stopped as asked; an abort or an error did not finish. */
export function isFailure(outcome: PrintOutcome): boolean {
  return (
    outcome.interrupted ||
    outcome.turn.stopReason === 'error' ||
    outcome.turn.stopReason === 'aborted'
  );
}

export function resultRecord(outcome: PrintOutcome): ResultRecord {
  const { turn } = outcome;
  return {
    type: 'result',
    result: outcome.resultText,
    usage: turn.usage,
    duration_ms: turn.durationMs,
    stop_reason: turn.stopReason,
    session_id: outcome.sessionId,
    is_error: isFailure(outcome),
    ...(turn.error !== undefined ? { error: turn.error } : {}),
  };
}
