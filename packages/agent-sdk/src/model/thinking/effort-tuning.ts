// The session's effort level turned into what a call to the chosen model sends: each provider
// in its own terms (anthropic-thinking.ts, openai-reasoning.ts, google-thinking.ts), with the output limit it needs.
import type { EffortLevel } from '@wave-agent/shared-protocol';
import type { ResolvedProvider } from '../provider-settings.js';
import { anthropicThinking } from './anthropic-thinking.js';
import { anthropicThinkingModel } from './anthropic-thinking-style.js';
import type { CallTuning } from './call-tuning.js';
import { googleThinking, isGoogleThinkingModel } from './google-thinking.js';
import {
  isOpenAiReasoningModel,
  openAiReasoning,
  openAiResponsesReasoning,
} from './openai-reasoning.js';

export interface EffortTuningInput {
  readonly resolved: ResolvedProvider;
  readonly effort: EffortLevel;
  /** MAX_THINKING_TOKENS, when set. */
  readonly maxThinkingTokens?: number;
  /** The output limit the user configured (the model entry's, else the Agent's), if any. */
  readonly configuredLimit?: number;
  /** The limit Wave uses for this model without thinking. */
  readonly plainLimit: number | undefined;
}

export function effortTuning(input: EffortTuningInput): CallTuning {
  const { resolved, effort } = input;
  switch (resolved.provider) {
    case 'anthropic':
    case 'vertex':
    case 'bedrock':
      return anthropicThinking({
        modelId: resolved.model,
        effort,
        plainOutputLimit: input.plainLimit,
        ...(input.maxThinkingTokens !== undefined
          ? { maxThinkingTokens: input.maxThinkingTokens }
          : {}),
        ...(input.configuredLimit !== undefined ? { outputLimit: input.configuredLimit } : {}),
      });
    case 'openai':
      return resolved.api === 'responses'
        ? openAiResponsesReasoning(resolved.model, effort, input.plainLimit)
        : openAiReasoning(resolved.model, effort, input.plainLimit);
    case 'google':
      return googleThinking(resolved.model, effort, input.plainLimit);
    case 'demo':
      return input.plainLimit ? { maxOutputTokens: input.plainLimit } : {};
  }
}

/** Whether the effort changes anything for this model (a sentence for /effort when not). */
export function usesEffort(resolved: ResolvedProvider): boolean {
  if (
    resolved.provider === 'anthropic' ||
    resolved.provider === 'vertex' ||
    resolved.provider === 'bedrock'
  )
    return anthropicThinkingModel(resolved.model).style !== 'none';
  if (resolved.provider === 'google') return isGoogleThinkingModel(resolved.model);
  return resolved.provider === 'openai' && isOpenAiReasoningModel(resolved.model);
}
