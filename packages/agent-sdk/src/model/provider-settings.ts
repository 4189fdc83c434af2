import { PROVIDER_NAMES } from '@wave-agent/shared-protocol';
import type { EffortLevel, ProviderName } from '@wave-agent/shared-protocol';
import type { ApiKeySource } from './api-key-source.js';
// Which model Wave talks to, and why: flags override env, env overrides settings files, and with
// nothing configured Wave runs the offline demo model (ARCHITECTURE §4).

/** The OpenAI wire a model speaks: Chat Completions (any compatible server) or the Responses API. */
export type OpenAiApi = 'chat' | 'responses';

// The names are the contract's (shared-protocol): one list for every host.
export { PROVIDER_NAMES };
export type { ProviderName };

export interface ProviderSettings {
  readonly provider?: string;
  readonly model?: string;
  /** Anthropic: like ANTHROPIC_BASE_URL (no /v1). OpenAI-compatible: like OPENAI_BASE_URL (with /v1). */
  readonly baseURL?: string;
  readonly apiKey?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Settings files only: where `apiKey` came from when it can change (settings' `apiKeyHelper`);
   * each request then carries its current key (api-key-source.ts).
   */
  readonly apiKeySource?: ApiKeySource;
}

export interface ResolvedProvider {
  readonly provider: ProviderName;
  readonly model: string;
  /** The configured model (settings' `models`) this is; absent for the top-level settings. */
  readonly name?: string;
  /** This model's context window in tokens, when its configuration says. */
  readonly contextWindow?: number;
  /** The most tokens one call to this model may write, when its configuration says. */
  readonly maxOutputTokens?: number;
  /** Whether this model takes images, when its configuration says (attachments/image-support.ts). */
  readonly images?: boolean;
  /** The configured model's own effort level, when its entry says. */
  readonly effort?: EffortLevel;
  /** OpenAI only: `responses` talks to the Responses API instead of Chat Completions. */
  readonly api?: OpenAiApi;
  /** Vertex only: the Google Cloud project and location that serve the model. */
  readonly vertex?: VertexPlace;
  /** Bedrock only: the AWS region and where its credentials come from (its `apiKey`: a Bedrock API key). */
  readonly bedrock?: BedrockPlace;
  readonly baseURL?: string;
  readonly apiKey?: string;
  /** The key's source when it can change; absent when a flag or the environment gave the key. */
  readonly apiKeySource?: ApiKeySource;
  readonly headers?: Readonly<Record<string, string>>;
  /** A sentence saying where the choice came from, shown by `wave --version` and the demo. */
  readonly reason: string;
}

/** Where Claude on Vertex runs; its credentials are Google's Application Default Credentials. */
export interface VertexPlace {
  readonly project: string;
  readonly location: string;
  /** GOOGLE_APPLICATION_CREDENTIALS, when Wave's environment sets it. */
  readonly credentialsFile?: string;
}

/**
 * The project and location of Claude on Vertex: the entry's own, else GOOGLE_VERTEX_PROJECT and
 * GOOGLE_VERTEX_LOCATION (Claude Code's ANTHROPIC_VERTEX_PROJECT_ID and CLOUD_ML_REGION too);
 * the location defaults to `global`.
 */
export function vertexPlace(
  env: Readonly<Record<string, string | undefined>>,
  own: { readonly project?: string; readonly location?: string } = {},
): VertexPlace {
  const project =
    nonEmpty(own.project) ??
    nonEmpty(env.GOOGLE_VERTEX_PROJECT) ??
    nonEmpty(env.ANTHROPIC_VERTEX_PROJECT_ID);
  if (project === undefined) {
    throw new ConfigError(
      'Claude on Vertex needs a Google Cloud project: set GOOGLE_VERTEX_PROJECT (or "project" on the model\'s entry in your settings).',
    );
  }
  const location =
    nonEmpty(own.location) ??
    nonEmpty(env.GOOGLE_VERTEX_LOCATION) ??
    nonEmpty(env.CLOUD_ML_REGION) ??
    'global';
  const credentialsFile = nonEmpty(env.GOOGLE_APPLICATION_CREDENTIALS);
  return { project, location, ...(credentialsFile ? { credentialsFile } : {}) };
}

/** AWS's access keys, as the environment gives them. */
export interface AwsKeys {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string;
}

/**
 * Where Claude on Bedrock runs, and where its SigV4 credentials come from when no Bedrock API key
 * (AWS_BEARER_TOKEN_BEDROCK) is set: the environment's keys, else the AWS SDK's chain (the
 * profile's files, SSO, a process, web identity, the container's or the instance's role).
 */
export interface BedrockPlace {
  readonly region: string;
  /** AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (with AWS_SESSION_TOKEN), when both are set. */
  readonly keys?: AwsKeys;
  /** AWS_PROFILE. */
  readonly profile?: string;
  /** AWS_SHARED_CREDENTIALS_FILE and AWS_CONFIG_FILE, when set (else ~/.aws/credentials and config). */
  readonly credentialsFile?: string;
  readonly configFile?: string;
}

/** The variable Claude on Bedrock reads its API key from (Bedrock's bearer token). */
export const BEDROCK_KEY_VARIABLE = 'AWS_BEARER_TOKEN_BEDROCK';

/**
 * The region of Claude on Bedrock (the entry's own, else AWS_REGION or AWS_DEFAULT_REGION) and
 * where its credentials come from.
 */
export function bedrockPlace(
  env: Readonly<Record<string, string | undefined>>,
  own: { readonly region?: string } = {},
): BedrockPlace {
  const region =
    nonEmpty(own.region) ?? nonEmpty(env.AWS_REGION) ?? nonEmpty(env.AWS_DEFAULT_REGION);
  if (region === undefined) {
    throw new ConfigError(
      'Claude on Bedrock needs an AWS region: set AWS_REGION (e.g. us-east-1), or "region" on the model\'s entry in your settings.',
    );
  }
  const accessKeyId = nonEmpty(env.AWS_ACCESS_KEY_ID);
  const secretAccessKey = nonEmpty(env.AWS_SECRET_ACCESS_KEY);
  const sessionToken = nonEmpty(env.AWS_SESSION_TOKEN);
  const profile = nonEmpty(env.AWS_PROFILE);
  const credentialsFile = nonEmpty(env.AWS_SHARED_CREDENTIALS_FILE);
  const configFile = nonEmpty(env.AWS_CONFIG_FILE);
  return {
    region,
    ...(accessKeyId && secretAccessKey
      ? { keys: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } }
      : {}),
    ...(profile ? { profile } : {}),
    ...(credentialsFile ? { credentialsFile } : {}),
    ...(configFile ? { configFile } : {}),
  };
}

/** Claude Code's switch to Bedrock (`CLAUDE_CODE_USE_BEDROCK=1`), read as Claude Code reads it. */
function isTruthy(value: string | undefined): boolean {
  return ['1', 'true', 'yes', 'on'].includes(nonEmpty(value)?.toLowerCase() ?? '');
}

export const DEFAULT_MODELS: Readonly<Record<ProviderName, string>> = {
  anthropic: 'claude-sonnet-4-5',
  openai: 'gpt-4.1',
  demo: 'wave-demo',
  google: 'gemini-2.5-flash',
  vertex: 'claude-sonnet-4-5@20250929',
  bedrock: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
};

/** Gemini's API keys, in the order read: the AI SDK's variable, then Google's own tools'. */
export const GOOGLE_KEY_VARIABLES = ['GOOGLE_GENERATIVE_AI_API_KEY', 'GEMINI_API_KEY'] as const;

function googleKey(env: Readonly<Record<string, string | undefined>>): string | undefined {
  for (const variable of GOOGLE_KEY_VARIABLES) {
    const key = nonEmpty(env[variable]);
    if (key !== undefined) return key;
  }
  return undefined;
}

/** A configuration the user must fix; the message says what is wrong and what to do. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export interface ProviderSources {
  /** Command-line flags or explicit SDK options: the strongest source. */
  readonly explicit?: ProviderSettings;
  /** The process environment. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Settings files (project over user), merged by the caller: the weakest source. */
  readonly files?: ProviderSettings;
}

export function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export function isProviderName(value: string): value is ProviderName {
  return (PROVIDER_NAMES as readonly string[]).includes(value);
}

/** Why the demo runs when nothing chose a provider. */
export const NOTHING_CONFIGURED = 'no model is configured';

function chooseProvider(sources: ProviderSources): { name: string; reason: string } {
  const env = sources.env ?? {};
  const explicit = nonEmpty(sources.explicit?.provider);
  if (explicit) return { name: explicit, reason: `--provider ${explicit}` };
  const fromEnv = nonEmpty(env.WAVE_PROVIDER);
  if (fromEnv) return { name: fromEnv, reason: `WAVE_PROVIDER=${fromEnv}` };
  if (isTruthy(env.CLAUDE_CODE_USE_BEDROCK))
    return { name: 'bedrock', reason: `CLAUDE_CODE_USE_BEDROCK=${env.CLAUDE_CODE_USE_BEDROCK}` };
  const fromFile = nonEmpty(sources.files?.provider);
  if (fromFile) return { name: fromFile, reason: `"provider": "${fromFile}" in settings` };
  if (nonEmpty(env.ANTHROPIC_API_KEY))
    return { name: 'anthropic', reason: 'ANTHROPIC_API_KEY is set' };
  if (nonEmpty(env.OPENAI_API_KEY)) return { name: 'openai', reason: 'OPENAI_API_KEY is set' };
  return { name: 'demo', reason: NOTHING_CONFIGURED };
}

/** Resolves the provider, model, endpoint and key, or throws a ConfigError that says what to do. */
export function resolveProvider(sources: ProviderSources): ResolvedProvider {
  const env = sources.env ?? {};
  const explicit = sources.explicit ?? {};
  const files = sources.files ?? {};
  const chosen = chooseProvider(sources);
  if (!isProviderName(chosen.name)) {
    throw new ConfigError(
      `Unknown provider "${chosen.name}" (from ${chosen.reason}). Use one of: ${PROVIDER_NAMES.join(', ')}.`,
    );
  }
  const provider = chosen.name;
  const standard = provider === 'anthropic' ? 'ANTHROPIC' : 'OPENAI';
  // Gemini has no standard model or endpoint variable; its key has two names. Bedrock's endpoint
  // is Claude Code's ANTHROPIC_BEDROCK_BASE_URL; its key is AWS's, never WAVE_API_KEY's.
  const fromStandard = (standardVar: string): string | undefined => {
    if (provider === 'demo' || provider === 'vertex') return undefined;
    if (provider === 'bedrock')
      return standardVar === 'BASE_URL' ? nonEmpty(env.ANTHROPIC_BEDROCK_BASE_URL) : undefined;
    if (provider === 'google') return standardVar === 'API_KEY' ? googleKey(env) : undefined;
    return nonEmpty(env[`${standard}_${standardVar}`]);
  };
  const pick = (field: 'model' | 'baseURL' | 'apiKey', waveVar: string, standardVar: string) =>
    nonEmpty(explicit[field]) ??
    nonEmpty(env[waveVar]) ??
    fromStandard(standardVar) ??
    nonEmpty(files[field]);

  // The demo has only its scripted model, whatever a settings file names.
  const model =
    provider === 'demo'
      ? DEFAULT_MODELS.demo
      : (pick('model', 'WAVE_MODEL', 'MODEL') ?? DEFAULT_MODELS[provider]);
  const baseURL = pick('baseURL', 'WAVE_BASE_URL', 'BASE_URL');
  const apiKey = pick('apiKey', 'WAVE_API_KEY', 'API_KEY');
  // The files' key source holds only when nothing stronger gave the key.
  const apiKeySource =
    (nonEmpty(explicit.apiKey) ?? nonEmpty(env.WAVE_API_KEY) ?? fromStandard('API_KEY'))
      ? undefined
      : files.apiKeySource;
  const headers = explicit.headers ?? files.headers;

  // A local OpenAI-compatible server (Ollama, vLLM) needs no key; the hosted APIs do.
  if (provider === 'anthropic' && !apiKey) {
    throw new ConfigError(
      'The anthropic provider needs an API key: set WAVE_API_KEY or ANTHROPIC_API_KEY (or pass --api-key).',
    );
  }
  if (provider === 'vertex') {
    return {
      provider,
      model,
      vertex: vertexPlace(env),
      ...(baseURL ? { baseURL } : {}),
      ...(headers ? { headers } : {}),
      reason: chosen.reason,
    };
  }
  if (provider === 'bedrock') {
    const bearer = nonEmpty(env[BEDROCK_KEY_VARIABLE]);
    return {
      provider,
      model,
      bedrock: bedrockPlace(env),
      ...(baseURL ? { baseURL } : {}),
      ...(bearer ? { apiKey: bearer } : {}),
      ...(headers ? { headers } : {}),
      reason: chosen.reason,
    };
  }
  if (provider === 'google' && !apiKey) {
    throw new ConfigError(
      'The google provider needs an API key: set GEMINI_API_KEY or GOOGLE_GENERATIVE_AI_API_KEY (or WAVE_API_KEY, or pass --api-key).',
    );
  }
  if (provider === 'openai' && !apiKey && !baseURL) {
    throw new ConfigError(
      'The openai provider needs an API key: set WAVE_API_KEY or OPENAI_API_KEY, or point WAVE_BASE_URL at a local OpenAI-compatible server.',
    );
  }
  return {
    provider,
    model,
    ...(baseURL ? { baseURL } : {}),
    ...(apiKey ? { apiKey } : {}),
    ...(apiKey && apiKeySource ? { apiKeySource } : {}),
    ...(headers ? { headers } : {}),
    reason: chosen.reason,
  };
}

/**
 * One line for people: "anthropic claude-sonnet-4-5 (because ANTHROPIC_API_KEY is set)", with
 * the configured model's name in front ("fast: openai gpt-4.1-mini at …") when it is not the id.
 */
export function describeProvider(resolved: ResolvedProvider): string {
  const where = resolved.baseURL ? ` at ${resolved.baseURL}` : '';
  const name =
    resolved.name !== undefined && resolved.name !== resolved.model ? `${resolved.name}: ` : '';
  return `${name}${resolved.provider} ${resolved.model}${where} (because ${resolved.reason})`;
}
