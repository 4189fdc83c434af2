// Provider metadata (e.g. Anthropic thinking signatures) as Wave stores it: plain JSON, without
// the `undefined` holes the AI SDK's type allows, so it survives the wire and the session file.
import { isRecord } from '@wave-agent/shared-protocol';
import type { JSONValue, SharedV3ProviderMetadata } from '@ai-sdk/provider';
import type { JsonObject, JsonValue, ProviderMetadata } from '@wave-agent/shared-protocol';

function toJson(value: JSONValue | undefined): JsonValue | undefined {
  if (value === undefined || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => toJson(item) ?? null);
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    const json = toJson(item);
    if (json !== undefined) out[key] = json;
  }
  return out;
}

export function toProviderMetadata(
  metadata: SharedV3ProviderMetadata | undefined,
): ProviderMetadata | undefined {
  if (!metadata) return undefined;
  const out: ProviderMetadata = {};
  for (const [provider, fields] of Object.entries(metadata)) {
    const json = toJson(fields);
    if (isRecord(json) && Object.keys(json).length > 0) out[provider] = json;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
