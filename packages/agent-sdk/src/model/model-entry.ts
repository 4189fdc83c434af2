// One configured model (an entry of settings' `models`): a provider and a model id, optionally
// its own endpoint and the NAME of the environment variable that holds its key (never the key
// itself). Where its requests go and which key they carry — its route — follow from those and
// the base configuration (flags, environment, the top-level settings), so that no key ever goes
// to an endpoint by accident:
// - the base's provider and no baseURL: the base's endpoint and key (like `/model ID` today);
// - its own baseURL: that endpoint, with the key from its apiKeyEnv only (none without one);
// - another provider and no baseURL: that provider's own endpoint, with the key from apiKeyEnv
//   or that provider's standard variable (ANTHROPIC_API_KEY, OPENAI_API_KEY,
//   GOOGLE_GENERATIVE_AI_API_KEY and then GEMINI_API_KEY).
import type { EffortLevel, ModelPricing } from '@wave-agent/shared-protocol';
import {
  BEDROCK_KEY_VARIABLE,
  bedrockPlace,
  ConfigError,
  DEFAULT_MODELS,
  GOOGLE_KEY_VARIABLES,
  isProviderName,
  nonEmpty,
  PROVIDER_NAMES,
  vertexPlace,
} from './provider-settings.js';
import type { OpenAiApi, ProviderName, ResolvedProvider } from './provider-settings.js';

export interface ModelEntry {
  readonly provider: string;
  /** The model id as the provider names it. */
  readonly model: string;
  /** Like WAVE_BASE_URL: OpenAI-compatible endpoints end in /v1, Anthropic ones do not. */
  readonly baseURL?: string;
  /** The name of the environment variable that holds this model's key. */
  readonly apiKeyEnv?: string;
  readonly contextWindow?: number;
  readonly maxOutputTokens?: number;
  /** Whether the model takes images (an OpenAI-compatible endpoint's are assumed not to). */
  readonly images?: boolean;
  /** How hard this model thinks when the session starts on it or switches to it. */
  readonly effort?: EffortLevel;
  /** OpenAI: `responses` for the Responses API (reasoning summaries); default Chat Completions. */
  readonly api?: OpenAiApi;
  /** US dollars per million tokens, over Wave's list prices (what /usage shows). */
  readonly pricing?: ModelPricing;
  /** Vertex: the Google Cloud project (else GOOGLE_VERTEX_PROJECT). */
  readonly project?: string;
  /** Vertex: the location, e.g. `us-east5` or `global` (else GOOGLE_VERTEX_LOCATION). */
  readonly location?: string;
  /** Bedrock: the AWS region, e.g. `us-east-1` (else AWS_REGION or AWS_DEFAULT_REGION). */
  readonly region?: string;
}

/** Where a route's key comes from. */
export type KeySource =
  | { readonly kind: 'base' }
  | { readonly kind: 'env'; readonly variable: string }
  | { readonly kind: 'none' };

export interface ModelRoute {
  readonly provider: string;
  /** Undefined: the provider's own endpoint (or, with a `base` key, the base's endpoint). */
  readonly baseURL?: string;
  readonly key: KeySource;
}

/** The provider and endpoint the base configuration resolved to. */
export interface BaseEndpoint {
  readonly provider: string;
  readonly baseURL?: string;
}

const STANDARD_KEY_VARIABLE: Readonly<
  Record<'anthropic' | 'openai' | 'google' | 'bedrock', string>
> = {
  anthropic: 'ANTHROPIC_API_KEY',
  openai: 'OPENAI_API_KEY',
  google: GOOGLE_KEY_VARIABLES[0],
  bedrock: BEDROCK_KEY_VARIABLE,
};

/** A standard variable's key, or the other name the same provider's key goes by (Gemini's two). */
function standardKey(
  variable: string,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const names: readonly string[] =
    variable === GOOGLE_KEY_VARIABLES[0] ? GOOGLE_KEY_VARIABLES : [variable];
  return names.map((name) => nonEmpty(env[name])).find((key) => key !== undefined);
}

export function routeOf(entry: ModelEntry, base: BaseEndpoint | undefined): ModelRoute {
  const baseURL = nonEmpty(entry.baseURL);
  const variable = nonEmpty(entry.apiKeyEnv);
  if (baseURL === undefined && variable === undefined && entry.provider === base?.provider) {
    return {
      provider: entry.provider,
      ...(base.baseURL ? { baseURL: base.baseURL } : {}),
      key: { kind: 'base' },
    };
  }
  const standard =
    entry.provider === 'anthropic' ||
    entry.provider === 'openai' ||
    entry.provider === 'google' ||
    entry.provider === 'bedrock'
      ? STANDARD_KEY_VARIABLE[entry.provider]
      : undefined;
  // Bedrock's API key goes to its own endpoint too (a proxy's): the route names it.
  const key: KeySource =
    variable !== undefined
      ? { kind: 'env', variable }
      : (baseURL === undefined || entry.provider === 'bedrock') && standard !== undefined
        ? { kind: 'env', variable: standard }
        : { kind: 'none' };
  return { provider: entry.provider, ...(baseURL ? { baseURL } : {}), key };
}

/** The base configuration's own route. */
export function baseRoute(base: BaseEndpoint): ModelRoute {
  return {
    provider: base.provider,
    ...(base.baseURL ? { baseURL: base.baseURL } : {}),
    key: { kind: 'base' },
  };
}

/** One string per distinct route: two entries with the same one send the same key to the same place. */
export function routeIdentity(route: ModelRoute): string {
  const key = route.key.kind === 'env' ? `env:${route.key.variable}` : route.key.kind;
  return JSON.stringify([route.provider, route.baseURL ?? null, key]);
}

function providerOf(name: string, entry: ModelEntry): ProviderName {
  if (isProviderName(entry.provider)) return entry.provider;
  throw new ConfigError(
    `The configured model "${name}" names an unknown provider "${entry.provider}". Use one of: ${PROVIDER_NAMES.join(', ')}.`,
  );
}

/** Throws a ConfigError that says what to set when the entry cannot be used. */
export function resolveEntry(
  name: string,
  entry: ModelEntry,
  base: ResolvedProvider | undefined,
  env: Readonly<Record<string, string | undefined>>,
): ResolvedProvider {
  const provider = providerOf(name, entry);
  const reason = `"${name}" in the configured models`;
  const limits = {
    ...(entry.contextWindow !== undefined ? { contextWindow: entry.contextWindow } : {}),
    ...(entry.maxOutputTokens !== undefined ? { maxOutputTokens: entry.maxOutputTokens } : {}),
    ...(entry.images !== undefined ? { images: entry.images } : {}),
    ...(entry.effort !== undefined ? { effort: entry.effort } : {}),
    ...(entry.api !== undefined ? { api: entry.api } : {}),
  };
  if (provider === 'demo') return { provider, model: DEFAULT_MODELS.demo, name, reason, ...limits };
  const model = nonEmpty(entry.model) ?? DEFAULT_MODELS[provider];
  if (provider === 'vertex') {
    // No key: Google's credentials, read when the model is first called.
    const baseURL = nonEmpty(entry.baseURL);
    return {
      provider,
      model,
      name,
      reason,
      ...limits,
      vertex: vertexPlace(env, entry),
      ...(baseURL ? { baseURL } : {}),
    };
  }
  const route = routeOf(entry, base);
  if (provider === 'bedrock') return bedrockEntry(name, entry, route, env, { model, ...limits });
  if (route.key.kind === 'base' && base !== undefined) {
    const { apiKey, apiKeySource, headers, baseURL } = base;
    return {
      provider,
      model,
      name,
      reason,
      ...limits,
      ...(baseURL ? { baseURL } : {}),
      ...(apiKey ? { apiKey } : {}),
      ...(apiKeySource ? { apiKeySource } : {}),
      ...(headers ? { headers } : {}),
    };
  }
  const fromEntry = nonEmpty(entry.apiKeyEnv) !== undefined;
  const apiKey =
    route.key.kind !== 'env'
      ? undefined
      : fromEntry
        ? nonEmpty(env[route.key.variable])
        : standardKey(route.key.variable, env);
  if (apiKey === undefined && route.key.kind === 'env' && nonEmpty(entry.apiKeyEnv) !== undefined) {
    throw new ConfigError(
      `The configured model "${name}" reads its key from $${route.key.variable}, which is not set: set it, or change "apiKeyEnv" of "${name}" in your settings.`,
    );
  }
  const official = route.baseURL === undefined;
  if (apiKey === undefined && (provider === 'anthropic' || provider === 'google' || official)) {
    const standardNames =
      route.key.kind === 'env' && route.key.variable === GOOGLE_KEY_VARIABLES[0]
        ? GOOGLE_KEY_VARIABLES.join(' or ')
        : route.key.kind === 'env'
          ? route.key.variable
          : '';
    throw new ConfigError(
      `The configured model "${name}" has no key: set "apiKeyEnv" of "${name}" in your settings to the name of the environment variable that holds it${official && route.key.kind === 'env' ? `, or set ${standardNames}` : ''}.`,
    );
  }
  return {
    provider,
    model,
    name,
    reason,
    ...limits,
    ...(route.baseURL ? { baseURL: route.baseURL } : {}),
    ...(apiKey ? { apiKey } : {}),
  };
}

/**
 * Claude on Bedrock: its region and AWS credentials (read when the model is first called), with
 * the Bedrock API key of the entry's `apiKeyEnv` or AWS_BEARER_TOKEN_BEDROCK when one is set.
 */
function bedrockEntry(
  name: string,
  entry: ModelEntry,
  route: ModelRoute,
  env: Readonly<Record<string, string | undefined>>,
  fields: Omit<ResolvedProvider, 'provider' | 'name' | 'reason'>,
): ResolvedProvider {
  const variable = route.key.kind === 'env' ? route.key.variable : BEDROCK_KEY_VARIABLE;
  const bearer = nonEmpty(env[variable]);
  if (bearer === undefined && nonEmpty(entry.apiKeyEnv) !== undefined) {
    throw new ConfigError(
      `The configured model "${name}" reads its Bedrock API key from $${variable}, which is not set: set it, or remove "apiKeyEnv" of "${name}" to sign with your AWS credentials.`,
    );
  }
  return {
    provider: 'bedrock',
    name,
    reason: `"${name}" in the configured models`,
    ...fields,
    bedrock: bedrockPlace(env, entry),
    ...(route.baseURL ? { baseURL: route.baseURL } : {}),
    ...(bearer ? { apiKey: bearer } : {}),
  };
}
