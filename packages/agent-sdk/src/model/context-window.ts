// How many tokens a provider's models can hold in one request, when the caller does not say:
// compaction starts near it, and hosts show how full it is (ACP's usage_update).
import type { ResolvedProvider } from './provider-settings.js';

const DEFAULT_CONTEXT_WINDOW: Readonly<Record<ResolvedProvider['provider'], number>> = {
  anthropic: 200_000,
  openai: 128_000,
  // Gemini 2.5 and 3 hold a million tokens.
  google: 1_048_576,
  vertex: 200_000,
  bedrock: 200_000,
  // The offline demo has no limit.
  demo: Number.POSITIVE_INFINITY,
};

export function defaultContextWindow(provider: ResolvedProvider['provider']): number {
  return DEFAULT_CONTEXT_WINDOW[provider];
}
