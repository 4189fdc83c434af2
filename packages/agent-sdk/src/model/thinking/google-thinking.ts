// Gemini's thinking at the session's effort level (`thinkingConfig` of the AI SDK's google
// provider). Gemini 3 takes a level (`thinkingLevel`): Pro knows `low` and `high` and cannot stop
// thinking, Flash also `minimal` and `medium`. Gemini 2.5 takes a token budget (`thinkingBudget`):
// Flash and Flash-Lite stop at 0, Pro cannot stop (128 is its least) and goes to 32768, Flash to
// 24576. With thinking on, `includeThoughts` asks for the thought summaries Wave shows; a
// thought signature comes back on the parts and goes back with them (loop/model-context.ts).
// Other models (Gemini 2.0, Gemma) get nothing.
import type { EffortLevel } from '@wave-agent/shared-protocol';
import type { CallTuning } from './call-tuning.js';

type ThinkingConfig =
  | { readonly thinkingLevel: string; readonly includeThoughts: boolean }
  | { readonly thinkingBudget: number; readonly includeThoughts: boolean };

const GEMINI_3 = /^(?:models\/)?gemini-3/;
const GEMINI_2_5 = /^(?:models\/)?gemini-2\.5/;

export function isGoogleThinkingModel(modelId: string): boolean {
  const id = modelId.toLowerCase();
  return GEMINI_3.test(id) || GEMINI_2_5.test(id);
}

function gemini3Level(id: string, effort: EffortLevel): string {
  const pro = id.includes('pro');
  switch (effort) {
    case 'off':
      return pro ? 'low' : 'minimal';
    case 'low':
      return 'low';
    case 'medium':
      return pro ? 'high' : 'medium';
    case 'high':
    case 'max':
      return 'high';
  }
}

const BUDGET: Readonly<Record<Exclude<EffortLevel, 'off' | 'max'>, number>> = {
  low: 1024,
  medium: 8192,
  high: 24576,
};

function gemini25Budget(id: string, effort: EffortLevel): number {
  const pro = id.includes('pro');
  if (effort === 'off') return pro ? 128 : 0;
  if (effort === 'max') return pro ? 32768 : 24576;
  return BUDGET[effort];
}

export function googleThinkingConfig(
  modelId: string,
  effort: EffortLevel,
): ThinkingConfig | undefined {
  const id = modelId.toLowerCase();
  if (GEMINI_3.test(id)) return { thinkingLevel: gemini3Level(id, effort), includeThoughts: true };
  if (!GEMINI_2_5.test(id)) return undefined;
  const thinkingBudget = gemini25Budget(id, effort);
  return { thinkingBudget, includeThoughts: thinkingBudget > 0 };
}

export function googleThinking(
  modelId: string,
  effort: EffortLevel,
  outputLimit: number | undefined,
): CallTuning {
  const thinkingConfig = googleThinkingConfig(modelId, effort);
  return {
    ...(outputLimit ? { maxOutputTokens: outputLimit } : {}),
    ...(thinkingConfig ? { providerOptions: { google: { thinkingConfig } } } : {}),
  };
}
