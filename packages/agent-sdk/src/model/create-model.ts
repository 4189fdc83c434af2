// Turns resolved settings into an AI SDK language model. Every provider goes through the AI SDK,
// so the turn loop sees one stream-part union whatever the wire format. A provider's code is
// loaded at its model's first call (lazy-model.ts).
import type { LanguageModel } from 'ai';
import { createDemoModel } from './demo-model.js';
import { httpFetch } from './http-fetch.js';
import { keyedFetch } from './api-key-source.js';
import { lazyModel } from './lazy-model.js';
import { useAnthropicFastChunkParse } from './anthropic-chunk-fast-parse.js';
import { useFastChunkParse } from './openai-chunk-fast-parse.js';
import type { ResolvedProvider } from './provider-settings.js';
import { googleAccessToken, vertexFetch, vertexModelsURL } from './vertex-anthropic.js';
import { bearerAuthorizer, sigV4Authorizer } from './bedrock/bedrock-authorizer.js';
import { loadEventStreamCodec } from './bedrock/bedrock-event-stream.js';
import { bedrockFetch, bedrockRuntimeURL } from './bedrock/bedrock-fetch.js';

const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
const GOOGLE_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com/v1beta';

/** The fetch model calls go through: the key put in per request when it can change. */
function providerFetch(resolved: ResolvedProvider): typeof fetch {
  return resolved.apiKeySource ? keyedFetch(resolved.apiKeySource) : httpFetch;
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * Gemini's API (the AI SDK's google provider, `streamGenerateContent?alt=sse`). Its SSE is read by
 * the same patched provider-utils parse as the other providers (pnpm-workspace.yaml's override
 * gives it the repo's patched copy); its chunk-to-part stage is the provider's own `pipeThrough`
 * (not patched: one more stream stage per call than Anthropic's, as for the Responses API).
 */
function googleModel(resolved: ResolvedProvider): LanguageModel {
  return lazyModel({ provider: 'google.generative-ai', modelId: resolved.model }, async () => {
    const { createGoogleGenerativeAI } = await import('@ai-sdk/google');
    const google = createGoogleGenerativeAI({
      baseURL: withoutTrailingSlash(resolved.baseURL ?? GOOGLE_DEFAULT_BASE_URL),
      fetch: providerFetch(resolved),
      ...(resolved.apiKey ? { apiKey: resolved.apiKey } : {}),
      ...(resolved.headers ? { headers: { ...resolved.headers } } : {}),
    });
    return google(resolved.model);
  });
}

/** Claude on Google Vertex AI: Anthropic's provider with Vertex's fetch (vertex-anthropic.ts). */
function vertexModel(resolved: ResolvedProvider): LanguageModel {
  const place = resolved.vertex;
  if (place === undefined) throw new Error('A Vertex model was resolved without its project.');
  const modelsURL = vertexModelsURL({
    ...place,
    ...(resolved.baseURL ? { baseURL: resolved.baseURL } : {}),
  });
  return lazyModel({ provider: 'vertex.anthropic.messages', modelId: resolved.model }, async () => {
    const provider = await import('@ai-sdk/anthropic');
    useAnthropicFastChunkParse(provider);
    const token = await googleAccessToken(place.credentialsFile);
    const anthropic = provider.createAnthropic({
      // Requests go to Vertex's URL (vertexFetch); the provider's own key header is dropped there.
      baseURL: modelsURL,
      authToken: 'google-cloud-access-token',
      fetch: vertexFetch(modelsURL, token),
      ...(resolved.headers ? { headers: { ...resolved.headers } } : {}),
    });
    return anthropic(resolved.model);
  });
}

/**
 * Claude on Amazon Bedrock: Anthropic's provider with Bedrock's fetch (bedrock/bedrock-fetch.ts),
 * authorized by the Bedrock API key (`apiKey`) or a SigV4 signature.
 */
function bedrockModel(resolved: ResolvedProvider): LanguageModel {
  const place = resolved.bedrock;
  if (place === undefined) throw new Error('A Bedrock model was resolved without its region.');
  const runtimeURL = bedrockRuntimeURL(place.region, resolved.baseURL);
  const bearer = resolved.apiKey;
  return lazyModel(
    { provider: 'bedrock.anthropic.messages', modelId: resolved.model },
    async () => {
      const [provider, authorize, codec] = await Promise.all([
        import('@ai-sdk/anthropic'),
        bearer !== undefined ? bearerAuthorizer(bearer) : sigV4Authorizer(place),
        loadEventStreamCodec(),
      ]);
      useAnthropicFastChunkParse(provider);
      const anthropic = provider.createAnthropic({
        // Requests go to Bedrock's URL (bedrockFetch), which drops the provider's own key header.
        baseURL: runtimeURL,
        authToken: 'aws-credentials',
        fetch: bedrockFetch({ runtimeURL, region: place.region, authorize, codec }),
        ...(resolved.headers ? { headers: { ...resolved.headers } } : {}),
      });
      return anthropic(resolved.model);
    },
  );
}

/**
 * OpenAI's Responses API (the AI SDK's openai provider): reasoning models stream their reasoning
 * summaries, which Chat Completions never sends. Its SSE is read by the same patched
 * provider-utils parse as the other providers; its chunk-to-part stage is the provider's own
 * `pipeThrough` (not patched: one more stream stage per call than Anthropic's).
 */
function responsesModel(resolved: ResolvedProvider): LanguageModel {
  return lazyModel({ provider: 'openai.responses', modelId: resolved.model }, async () => {
    const { createOpenAI } = await import('@ai-sdk/openai');
    const openai = createOpenAI({
      baseURL: withoutTrailingSlash(resolved.baseURL ?? OPENAI_DEFAULT_BASE_URL),
      fetch: providerFetch(resolved),
      ...(resolved.apiKey ? { apiKey: resolved.apiKey } : {}),
      ...(resolved.headers ? { headers: { ...resolved.headers } } : {}),
    });
    return openai.responses(resolved.model);
  });
}

export function createLanguageModel(resolved: ResolvedProvider): LanguageModel {
  switch (resolved.provider) {
    case 'anthropic': {
      // WAVE_BASE_URL follows ANTHROPIC_BASE_URL (no /v1); the AI SDK provider wants the /v1 path.
      const base = withoutTrailingSlash(resolved.baseURL ?? ANTHROPIC_DEFAULT_BASE_URL);
      return lazyModel({ provider: 'anthropic.messages', modelId: resolved.model }, async () => {
        const provider = await import('@ai-sdk/anthropic');
        useAnthropicFastChunkParse(provider);
        const { createAnthropic } = provider;
        const anthropic = createAnthropic({
          baseURL: `${base}/v1`,
          fetch: providerFetch(resolved),
          ...(resolved.apiKey ? { apiKey: resolved.apiKey } : {}),
          ...(resolved.headers ? { headers: { ...resolved.headers } } : {}),
        });
        return anthropic(resolved.model);
      });
    }
    case 'openai':
      if (resolved.api === 'responses') return responsesModel(resolved);
      return lazyModel({ provider: 'openai.chat', modelId: resolved.model }, async () => {
        const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
        const openai = createOpenAICompatible({
          name: 'openai',
          baseURL: withoutTrailingSlash(resolved.baseURL ?? OPENAI_DEFAULT_BASE_URL),
          includeUsage: true,
          fetch: providerFetch(resolved),
          ...(resolved.apiKey ? { apiKey: resolved.apiKey } : {}),
          ...(resolved.headers ? { headers: { ...resolved.headers } } : {}),
        });
        const model = openai.chatModel(resolved.model);
        useFastChunkParse(model);
        return model;
      });
    case 'google':
      return googleModel(resolved);
    case 'vertex':
      return vertexModel(resolved);
    case 'bedrock':
      return bedrockModel(resolved);
    case 'demo':
      return createDemoModel();
  }
}
