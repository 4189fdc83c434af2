// The `result` message that ends each turn, in the shape the Claude Agent SDK's types give it
// (SDKResultSuccess | SDKResultError): why the turn stopped as Claude Code's subtype, the answer,
// the turn's usage in Anthropic's names, the session's cost so far, and the calls the app denied.
import { randomUUID } from 'node:crypto';
import { sessionCostUsd, uncachedInput } from '@wave-agent/shared-protocol';
import type { AgentEvent, SessionState, TurnSummary } from '@wave-agent/shared-protocol';
import { lastAnswerText } from '../print/run-print.js';
import type { SdkMessage } from './sdk-message-mapper.js';

/** A call the app's canUseTool denied, as the SDK lists it (SDKPermissionDenial). */
export interface PermissionDenial {
  readonly tool_name: string;
  readonly tool_use_id: string;
  readonly tool_input: unknown;
}

/**
 * A tool call a PreToolUse hook denied (the app's callback or a settings hook): Claude Code lists
 * it among the result's permission_denials too. Undefined for any other event.
 */
export function hookDenial(event: AgentEvent, state: SessionState): PermissionDenial | undefined {
  if (event.type !== 'hookRunUpdated' || event.stage !== 'end') return undefined;
  if (event.event !== 'PreToolUse' || event.outcome !== 'blocked') return undefined;
  const message = state.conversation.messages.find((each) => each.id === event.messageId);
  const block = message?.blocks.find(
    (each) => each.type === 'tool' && each.id === event.toolCallId,
  );
  if (block?.type !== 'tool') return undefined;
  let input: unknown = block.parameters;
  try {
    input = JSON.parse(block.parameters);
  } catch {
    // Kept as the text the model wrote.
  }
  return { tool_name: block.name, tool_use_id: block.id, tool_input: input };
}

export interface TurnOutcome {
  readonly turn: TurnSummary;
  readonly state: SessionState;
  /** Model calls the turn made (Claude Code's num_turns). */
  readonly modelCalls: number;
  readonly denials: readonly PermissionDenial[];
  /** --max-budget-usd (the SDK's maxBudgetUsd) stopped the turn: why (budget-guard.ts). */
  readonly overBudget?: string;
}

function subtypeOf(turn: TurnSummary): string {
  if (turn.stopReason === 'max_turns') return 'error_max_turns';
  if (turn.stopReason === 'aborted' || turn.stopReason === 'error') return 'error_during_execution';
  return 'success';
}

function errorsOf(turn: TurnSummary): string[] {
  if (turn.stopReason === 'max_turns') return ['Reached maximum number of turns'];
  if (turn.stopReason === 'aborted') return ['[Request interrupted by user]'];
  return [turn.error ?? 'The turn failed.'];
}

export function resultMessage(outcome: TurnOutcome): SdkMessage {
  const { turn, state } = outcome;
  const subtype = outcome.overBudget !== undefined ? 'error_max_budget_usd' : subtypeOf(turn);
  const usage = turn.usage;
  return {
    type: 'result',
    subtype,
    is_error: subtype !== 'success' || turn.stopReason === 'refusal',
    duration_ms: turn.durationMs,
    duration_api_ms: turn.durationMs,
    num_turns: outcome.modelCalls,
    ...(subtype === 'success'
      ? { result: lastAnswerText(state.conversation.messages) }
      : { errors: outcome.overBudget !== undefined ? [outcome.overBudget] : errorsOf(turn) }),
    stop_reason: turn.stopReason,
    total_cost_usd: sessionCostUsd(state) ?? 0,
    usage: {
      input_tokens: uncachedInput(usage),
      output_tokens: usage.outputTokens,
      cache_read_input_tokens: usage.cachedInputTokens ?? 0,
      cache_creation_input_tokens: usage.cacheWriteTokens ?? 0,
    },
    modelUsage: {},
    permission_denials: outcome.denials,
    session_id: state.sessionId,
    uuid: randomUUID(),
  };
}
