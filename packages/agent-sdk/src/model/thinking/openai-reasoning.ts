// `reasoning_effort` for OpenAI's reasoning models over Chat Completions (o1, o3, o4-mini,
// gpt-5 and its kin): `low`/`medium`/`high` as they are, `max` as `high` (the most every one of
// them takes), `off` as `minimal` where the model has it (gpt-5); the o-series cannot stop
// reasoning, so they get nothing and reason at their default. Other models get nothing: an
// OpenAI-compatible server would refuse the field, and its reasoning (`reasoning_content`,
// `reasoning`) streams whatever Wave asks.
import type { EffortLevel } from '@wave-agent/shared-protocol';
import type { CallTuning } from './call-tuning.js';

const REASONING_MODEL = /^(?:openai\/)?(o\d|gpt-5)/;

export function isOpenAiReasoningModel(modelId: string): boolean {
  return REASONING_MODEL.test(modelId.toLowerCase());
}

export function openAiReasoningEffort(modelId: string, effort: EffortLevel): string | undefined {
  const id = modelId.toLowerCase();
  if (!isOpenAiReasoningModel(id)) return undefined;
  if (effort === 'off') return /gpt-5(?!\.\d)/.test(id) ? 'minimal' : undefined;
  return effort === 'max' ? 'high' : effort;
}

export function openAiReasoning(
  modelId: string,
  effort: EffortLevel,
  outputLimit: number | undefined,
): CallTuning {
  const reasoningEffort = openAiReasoningEffort(modelId, effort);
  return {
    ...(outputLimit ? { maxOutputTokens: outputLimit } : {}),
    ...(reasoningEffort ? { providerOptions: { openai: { reasoningEffort } } } : {}),
  };
}

/**
 * The Responses API: reasoning summaries streamed (`reasoningSummary: "auto"`), and the reasoning
 * itself kept encrypted by the client instead of stored by OpenAI (`store: false` with
 * `reasoning.encrypted_content`), so every later call of the tool loop sends it back.
 */
export function openAiResponsesReasoning(
  modelId: string,
  effort: EffortLevel,
  outputLimit: number | undefined,
): CallTuning {
  if (!isOpenAiReasoningModel(modelId)) return outputLimit ? { maxOutputTokens: outputLimit } : {};
  const id = modelId.toLowerCase();
  const reasoningEffort =
    effort === 'off'
      ? /gpt-5/.test(id)
        ? 'minimal'
        : undefined
      : effort === 'max'
        ? 'high'
        : effort;
  return {
    ...(outputLimit ? { maxOutputTokens: outputLimit } : {}),
    providerOptions: {
      openai: {
        ...(reasoningEffort ? { reasoningEffort } : {}),
        reasoningSummary: 'auto',
        store: false,
        include: ['reasoning.encrypted_content'],
      },
    },
  };
}
