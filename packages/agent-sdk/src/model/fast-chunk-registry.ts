// Registering a fast chunk parse with @ai-sdk/provider-utils. `registerFastChunkParse` exists only
// in Wave's patched copy (patches/@ai-sdk__provider-utils@4.0.65.patch), which the published
// `wave` carries in its bundle; @wave-agent/agent-sdk installed from npm resolves the AI SDK as
// published, without it. There nothing is registered and every chunk keeps the AI SDK's own zod
// check: slower, never wrong. Looked up on the namespace, not imported by name, because a named
// import of a missing export fails the whole module at load.
import * as providerUtils from '@ai-sdk/provider-utils';

const register: unknown = Reflect.get(providerUtils, 'registerFastChunkParse');

/** Whether the AI SDK in use takes a fast parse (it is Wave's patched copy). */
export const fastChunkParseAvailable = typeof register === 'function';

/** Asks the provider's stream to try `parse` before `schema` for each chunk, where it can. */
export function registerChunkParse(schema: object, parse: (value: unknown) => unknown): void {
  if (typeof register === 'function') Reflect.apply(register, undefined, [schema, parse]);
}
