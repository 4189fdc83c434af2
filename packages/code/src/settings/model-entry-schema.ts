// What settings' configured models may say: `models` (entries by name), `defaultModel` and
// `modelFor` (names of entries). An entry names its key by the environment variable that holds
// it (`apiKeyEnv`), never the key: settings files are read by anyone who can read the folder,
// and a project's are committed. Everything is bounded: a project's file is a stranger's.
import {
  EffortLevelSchema,
  ModelPricingSchema,
  ProviderNameSchema,
} from '@wave-agent/shared-protocol';
import { z } from 'zod';

/** One word, so `/model NAME` can name it; also how the picker lists it. */
export const ModelNameSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._:@/-]{0,63}$/,
    'a model name is one word of letters, digits and . _ : @ / - (at most 64 characters)',
  );

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

export const ModelEntrySchema = z.object({
  provider: ProviderNameSchema,
  /** The model id as the provider names it. */
  model: z.string().min(1).max(200),
  /** Like WAVE_BASE_URL: OpenAI-compatible endpoints end in /v1, Anthropic ones do not. */
  baseURL: z
    .string()
    .max(2000)
    .refine(isHttpUrl, 'must be an http:// or https:// address')
    .optional(),
  /** The NAME of the environment variable holding the key, e.g. "OPENROUTER_API_KEY". */
  apiKeyEnv: z
    .string()
    .regex(
      /^[A-Za-z_][A-Za-z0-9_]{0,127}$/,
      'must be the name of an environment variable, like FAST_API_KEY (the key itself never goes in a settings file)',
    )
    .optional(),
  contextWindow: z.number().int().positive().max(100_000_000).optional(),
  maxOutputTokens: z.number().int().positive().max(10_000_000).optional(),
  /** The model takes images (attachments): an OpenAI-compatible endpoint's are assumed not to. */
  images: z.boolean().optional(),
  /** How hard this model thinks when a session starts on it or switches to it. */
  effort: EffortLevelSchema.optional(),
  /** OpenAI: `responses` for the Responses API (reasoning summaries); default Chat Completions. */
  api: z.enum(['chat', 'responses']).optional(),
  /** US dollars per million tokens, over Wave's list prices (/usage, total_cost_usd). */
  pricing: ModelPricingSchema.optional(),
  /** Vertex: the Google Cloud project (it goes into the request's URL). */
  project: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9.:_-]{0,99}$/, 'must be a Google Cloud project id')
    .optional(),
  /** Vertex: the location, e.g. `us-east5` or `global`. */
  location: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be a Google Cloud location, like us-east5 or global')
    .optional(),
  /** Bedrock: the AWS region, e.g. `us-east-1` (it goes into the request's host). */
  region: z
    .string()
    .regex(/^[a-z]{2}(-[a-z]+)+-\d{1,2}$/, 'must be an AWS region, like us-east-1')
    .optional(),
});

export type ModelEntrySettings = z.output<typeof ModelEntrySchema>;

export const MODEL_ENTRY_KEYS: readonly string[] = Object.keys(ModelEntrySchema.shape);

/** How many configured models one file may hold. */
export const MAX_MODEL_ENTRIES = 64;

export const ModelForSchema = z.object({
  /** /btw side questions. */
  btw: ModelNameSchema.optional(),
  /** Compaction summaries. */
  compact: ModelNameSchema.optional(),
  /** Subagents whose file names no model. */
  subagent: ModelNameSchema.optional(),
  /** WebFetch's question about a page. */
  webfetch: ModelNameSchema.optional(),
});

export const MODEL_FOR_KEYS: readonly string[] = Object.keys(ModelForSchema.shape);
