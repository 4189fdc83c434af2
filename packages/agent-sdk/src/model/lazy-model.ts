// A provider's model whose code is loaded at its first call: a run talks to one provider, so the
// others' modules (Anthropic's alone is 280 KB of bundled code) are never read, and the one in
// use is read when the first request goes out instead of at start-up (issue 12).
import type { LanguageModelV3 } from '@ai-sdk/provider';

export function lazyModel(
  names: { readonly provider: string; readonly modelId: string },
  load: () => Promise<LanguageModelV3>,
): LanguageModelV3 {
  let loaded: Promise<LanguageModelV3> | undefined;
  const model = () => (loaded ??= load());
  return {
    specificationVersion: 'v3',
    provider: names.provider,
    modelId: names.modelId,
    get supportedUrls() {
      return model().then((loadedModel) => loadedModel.supportedUrls);
    },
    doGenerate: async (options) => (await model()).doGenerate(options),
    doStream: async (options) => (await model()).doStream(options),
  };
}
