// What one model call sends besides the prompt and the tools: its output limit and the provider
// options that ask for thinking (or reasoning) at the session's effort level.
import type { SharedV3ProviderOptions } from '@ai-sdk/provider';

export interface CallTuning {
  readonly maxOutputTokens?: number;
  readonly providerOptions?: SharedV3ProviderOptions;
}
