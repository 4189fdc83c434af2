// The common chunk of an OpenAI-compatible stream — one choice whose delta is plain text or
// reasoning (or empty), no usage yet — parsed without zod: checking each of a 2,000-chunk reply
// with the provider's chunk schema was the largest part of `wave -p`'s CPU beyond the AI SDK's
// stream itself. The patch of @ai-sdk/provider-utils asks this first for every event of the
// provider's stream; it returns exactly what the provider's schema would (the same keys in the
// same order, unknown top-level keys kept as its loose object keeps them, unknown choice and delta
// keys dropped as its strict ones drop them, `refusal` through the schema's transform) or
// undefined for anything else — tool calls, usage, content arrays, an `error` key, any key or type
// it does not know — and then the schema checks the chunk as before. It accepts nothing the
// schema refuses (openai-chunk-fast-parse.test.ts compares both over the recorded streams and a
// field-by-field list of wrong values).
import { isRecord } from '@wave-agent/shared-protocol';
import { registerChunkParse } from './fast-chunk-registry.js';

type Json = Record<string, unknown>;

function isNullishString(value: unknown): boolean {
  return value === null || typeof value === 'string';
}

/** The top-level keys the schema names, in its order; others are kept after them as they come. */
const TOP_KEYS = new Set(['id', 'created', 'model', 'choices', 'usage']);
/** Keys the schema does not name that this parse lets through untouched (a loose object's). */
const TOP_EXTRA_KEYS = new Set(['object', 'system_fingerprint']);
const CHOICE_KEYS = new Set(['index', 'delta', 'logprobs', 'finish_reason']);
const DELTA_KEYS = new Set(['role', 'content', 'refusal', 'reasoning_content', 'reasoning']);

function parseDelta(delta: unknown): Json | null | undefined {
  if (delta === null) return null;
  if (!isRecord(delta)) return undefined;
  for (const key of Object.keys(delta)) if (!DELTA_KEYS.has(key)) return undefined;
  const out: Json = {};
  if ('role' in delta) {
    const role = delta.role;
    if (role !== null && role !== 'assistant' && role !== '') return undefined;
    out.role = role;
  }
  if ('content' in delta) {
    if (!isNullishString(delta.content)) return undefined;
    out.content = delta.content;
  }
  // The schema's refusal is any value, kept only when it is a string.
  if ('refusal' in delta)
    out.refusal = typeof delta.refusal === 'string' ? delta.refusal : undefined;
  if ('reasoning_content' in delta) {
    if (!isNullishString(delta.reasoning_content)) return undefined;
    out.reasoning_content = delta.reasoning_content;
  }
  if ('reasoning' in delta) {
    if (!isNullishString(delta.reasoning)) return undefined;
    out.reasoning = delta.reasoning;
  }
  return out;
}

function parseChoice(choice: unknown): Json | undefined {
  if (!isRecord(choice)) return undefined;
  for (const key of Object.keys(choice)) if (!CHOICE_KEYS.has(key)) return undefined;
  const out: Json = {};
  if ('delta' in choice) {
    const delta = parseDelta(choice.delta);
    if (delta === undefined) return undefined;
    out.delta = delta;
  }
  if ('finish_reason' in choice) {
    if (!isNullishString(choice.finish_reason)) return undefined;
    out.finish_reason = choice.finish_reason;
  }
  return out;
}

/**
 * What @ai-sdk/openai-compatible's chat chunk schema gives for a plain delta chunk, or undefined
 * when the chunk is anything else (the schema then checks it).
 */
export function parseOpenAiDeltaChunk(value: unknown): Json | undefined {
  if (!isRecord(value)) return undefined;
  const keys = Object.keys(value);
  for (const key of keys) if (!TOP_KEYS.has(key) && !TOP_EXTRA_KEYS.has(key)) return undefined;
  const choices = value.choices;
  if (!Array.isArray(choices) || choices.length !== 1) return undefined;
  if ('usage' in value && value.usage !== null) return undefined;
  const out: Json = {};
  if ('id' in value) {
    if (!isNullishString(value.id)) return undefined;
    out.id = value.id;
  }
  if ('created' in value) {
    if (value.created !== null && typeof value.created !== 'number') return undefined;
    out.created = value.created;
  }
  if ('model' in value) {
    if (!isNullishString(value.model)) return undefined;
    out.model = value.model;
  }
  const choice = parseChoice(choices[0]);
  if (choice === undefined) return undefined;
  out.choices = [choice];
  if ('usage' in value) out.usage = null;
  for (const key of keys) if (TOP_EXTRA_KEYS.has(key)) out[key] = value[key];
  return out;
}

/**
 * Registers the fast parse for an @ai-sdk/openai-compatible chat model's chunk schema (its
 * `chunkSchema`, the object it streams with). A model without one is left to its schema alone.
 */
export function useFastChunkParse(model: object): void {
  const schema: unknown = Reflect.get(model, 'chunkSchema');
  if (typeof schema === 'object' && schema !== null) {
    registerChunkParse(schema, parseOpenAiDeltaChunk);
  }
}
