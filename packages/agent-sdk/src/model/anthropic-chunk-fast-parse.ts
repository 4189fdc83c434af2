// The common event of an Anthropic messages stream — a `content_block_delta` of text, thinking or
// a tool call's JSON — parsed without zod, as openai-chunk-fast-parse.ts does for the other wire:
// exactly what the provider's chunk schema gives (its objects keep only the keys they name, in
// their order), or undefined for any other event or any value it does not know, which the schema
// then checks as before. anthropic-chunk-fast-parse.test.ts compares both over the recorded
// streams and a field-by-field list of wrong values.
import { isRecord } from '@wave-agent/shared-protocol';
import { registerChunkParse } from './fast-chunk-registry.js';

/** Each delta type taken here, with the one string field the schema names for it. */
const DELTA_FIELDS: Readonly<Record<string, string>> = {
  text_delta: 'text',
  thinking_delta: 'thinking',
  input_json_delta: 'partial_json',
};

/**
 * What @ai-sdk/anthropic's chunk schema gives for a text, thinking or tool-input delta event, or
 * undefined when the event is anything else (the schema then checks it).
 */
export function parseAnthropicDeltaEvent(value: unknown): Record<string, unknown> | undefined {
  if (!isRecord(value) || value.type !== 'content_block_delta') return undefined;
  const { index, delta } = value;
  if (typeof index !== 'number' || !isRecord(delta)) return undefined;
  const deltaType = delta.type;
  if (typeof deltaType !== 'string' || !Object.hasOwn(DELTA_FIELDS, deltaType)) return undefined;
  const field = DELTA_FIELDS[deltaType]!;
  const text = delta[field];
  if (typeof text !== 'string') return undefined;
  return { type: 'content_block_delta', index, delta: { type: deltaType, [field]: text } };
}

/**
 * Registers the fast parse for @ai-sdk/anthropic's messages stream: the loaded provider module's
 * `anthropicMessagesChunkSchema` (exported by Wave's patch of the package; one schema for every
 * model), passed in so that the provider is still loaded only at a model's first call.
 */
export function useAnthropicFastChunkParse(provider: object): void {
  // Looked up, not imported by name: the package as published (outside Wave's bundle) has none.
  // The schema is a lazySchema, a function: a test of `typeof … === 'object'` alone left the
  // fast parse unregistered (the HTTP test counts its calls).
  const chunkSchema: unknown = Reflect.get(provider, 'anthropicMessagesChunkSchema');
  if (
    typeof chunkSchema === 'function' ||
    (typeof chunkSchema === 'object' && chunkSchema !== null)
  )
    registerChunkParse(chunkSchema, parseAnthropicDeltaEvent);
}
