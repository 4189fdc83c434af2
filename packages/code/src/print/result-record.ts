// The last thing json and stream-json print: one object that sums up the turn, with the cost of
// the session in Claude Code's words (`total_cost_usd`; null when a model's price is unknown),
// and Claude Code's `subtype`, `num_turns`, `duration_api_ms` and `structured_output`.
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

/** Claude Code's names for how a print run ended. */
export type ResultSubtype =
  | 'success'
  | 'error_during_execution'
  | 'error_max_turns'
  | 'error_max_budget_usd'
  | 'error_max_structured_output_retries';

export interface ResultRecord {
  readonly type: 'result';
  readonly subtype: ResultSubtype;
  readonly result: string;
  readonly usage: ResultUsage;
  readonly total_cost_usd: number | null;
  readonly duration_ms: number;
  readonly duration_api_ms: number;
  readonly num_turns: number;
  readonly stop_reason: string;
  readonly session_id: string;
  readonly is_error: boolean;
  /** What went wrong, when the turn failed. */
  readonly error?: string;
  /** --json-schema: the answer, parsed, when it matches the schema. */
  readonly structured_output?: unknown;
}

/**
 * A turn that ran out of maxTurns stopped as asked, and a reply cut off at the output limit is
 * still an answer (its stop_reason says it is partial); an abort, an error or a refusal gave
 * none, so a script must not take the output for one.
 */
export function isFailure(
  outcome: Pick<PrintOutcome, 'turn' | 'interrupted' | 'overBudget' | 'structured'>,
): boolean {
  const { stopReason } = outcome.turn;
  return (
    outcome.interrupted ||
    outcome.overBudget !== undefined ||
    (outcome.structured !== undefined && 'problem' in outcome.structured) ||
    stopReason === 'error' ||
    stopReason === 'aborted' ||
    stopReason === 'refusal'
  );
}

/**
 * Claude Code's subtype. A run that reached --max-turns is `error_max_turns` as there, though
 * Wave keeps it a success otherwise (is_error false, exit 0: it stopped as asked).
 */
function subtypeOf(outcome: PrintOutcome): ResultSubtype {
  if (outcome.overBudget !== undefined) return 'error_max_budget_usd';
  if (outcome.structured !== undefined && 'problem' in outcome.structured)
    return 'error_max_structured_output_retries';
  if (isFailure(outcome)) return 'error_during_execution';
  return outcome.turn.stopReason === 'max_turns' ? 'error_max_turns' : 'success';
}

/** The sentence of what went wrong: the budget's or the schema's before the turn's own. */
function errorOf(outcome: PrintOutcome): string | undefined {
  if (outcome.overBudget !== undefined) return outcome.overBudget;
  if (outcome.structured !== undefined && 'problem' in outcome.structured)
    return outcome.structured.problem;
  return outcome.turn.error;
}

export function resultRecord(outcome: PrintOutcome): ResultRecord {
  const { turn, structured } = outcome;
  const error = errorOf(outcome);
  return {
    type: 'result',
    subtype: subtypeOf(outcome),
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
    duration_api_ms: outcome.durationApiMs,
    num_turns: outcome.numTurns,
    stop_reason: turn.stopReason,
    session_id: outcome.sessionId,
    is_error: isFailure(outcome),
    ...(error !== undefined ? { error } : {}),
    ...(structured !== undefined && 'value' in structured
      ? { structured_output: structured.value }
      : {}),
  };
}
