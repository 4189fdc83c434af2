// What a call to a Claude model sends for an effort level (rpc/effort-level.ts), as Claude Code
// 2.1.332 sends it: budget models get `thinking: {type: "enabled", budget_tokens}` (31999 at
// `high`, or MAX_THINKING_TOKENS) with `max_tokens` 32000 and the interleaved-thinking beta;
// adaptive models `thinking: {type: "adaptive"}` and `output_config.effort`; `off` sends
// `{type: "disabled"}`; a model without thinking gets nothing. The AI SDK's provider leaves out
// `temperature` and `top_k` whenever thinking is on.
import type { EffortLevel } from '@wave-agent/shared-protocol';
import { anthropicThinkingModel } from './anthropic-thinking-style.js';
import type { CallTuning } from './call-tuning.js';

/** Claude Code's `max_tokens` with thinking on, and its default budget (one less). */
export const THINKING_MAX_TOKENS = 32_000;
export const DEFAULT_THINKING_BUDGET = THINKING_MAX_TOKENS - 1;
/** Anthropic refuses a smaller budget. */
export const MIN_THINKING_BUDGET = 1024;
export const INTERLEAVED_THINKING_BETA = 'interleaved-thinking-2025-05-14';

const BUDGETS: Readonly<Record<'low' | 'medium', number>> = { low: 4000, medium: 10_000 };

export interface AnthropicThinkingInput {
  readonly modelId: string;
  readonly effort: EffortLevel;
  /** MAX_THINKING_TOKENS: the budget at `high` (0 turns thinking off). */
  readonly maxThinkingTokens?: number;
  /** The configured output limit (the model entry's or the Agent's): `max_tokens`, thinking included. */
  readonly outputLimit?: number;
  /** Without thinking: Wave's own limit for this model. */
  readonly plainOutputLimit: number | undefined;
}

export function anthropicThinking(input: AnthropicThinkingInput): CallTuning {
  const model = anthropicThinkingModel(input.modelId);
  const plain: CallTuning = input.plainOutputLimit
    ? { maxOutputTokens: input.plainOutputLimit }
    : {};
  if (model.style === 'none') return plain;
  const off = input.effort === 'off' || input.maxThinkingTokens === 0;
  const maxTokens = Math.min(input.outputLimit ?? THINKING_MAX_TOKENS, model.outputCeiling);
  if (off) return withThinking({ type: 'disabled' }, maxTokens);
  if (model.style === 'adaptive') {
    return {
      maxOutputTokens: maxTokens,
      providerOptions: { anthropic: { thinking: { type: 'adaptive' }, effort: input.effort } },
    };
  }
  const wanted =
    input.effort === 'low' || input.effort === 'medium'
      ? BUDGETS[input.effort]
      : input.effort === 'max'
        ? model.outputCeiling - 1
        : (input.maxThinkingTokens ?? DEFAULT_THINKING_BUDGET);
  // `max` raises max_tokens to the model's ceiling unless a limit was configured.
  const total =
    input.effort === 'max' && input.outputLimit === undefined ? model.outputCeiling : maxTokens;
  const budget = Math.min(wanted, total - 1);
  if (budget < MIN_THINKING_BUDGET) return withThinking({ type: 'disabled' }, total);
  // The AI SDK sends max_tokens = maxOutputTokens + budget: ask for what is left for the answer.
  return {
    maxOutputTokens: total - budget,
    providerOptions: {
      anthropic: {
        thinking: { type: 'enabled', budgetTokens: budget },
        anthropicBeta: [INTERLEAVED_THINKING_BETA],
      },
    },
  };
}

function withThinking(thinking: { type: 'disabled' }, maxTokens: number): CallTuning {
  return { maxOutputTokens: maxTokens, providerOptions: { anthropic: { thinking } } };
}
