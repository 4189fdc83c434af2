// For tests of a fast chunk parse: the registry (model/fast-chunk-registry.ts) with every parse it
// registers wrapped to count its calls, so a test can show the parse was registered and that the
// provider's stream used it, instead of assuming both.
import type * as Registry from '../model/fast-chunk-registry.js';

export interface FastParseCounts {
  /** Parses registered. */
  registered: number;
  /** Calls that gave a value (the chunk was the fast parse's). */
  taken: number;
  /** Calls that gave undefined (the chunk was left to the schema). */
  declined: number;
}

export function resetFastParseCounts(counts: FastParseCounts): void {
  counts.registered = 0;
  counts.taken = 0;
  counts.declined = 0;
}

/** The registry module, counting into `counts`; for `vi.mock` of it. */
export function countedFastParse(
  registry: typeof Registry,
  counts: FastParseCounts,
): typeof Registry {
  return {
    ...registry,
    registerChunkParse(schema, parse) {
      counts.registered += 1;
      registry.registerChunkParse(schema, (value) => {
        const parsed = parse(value);
        if (parsed === undefined) counts.declined += 1;
        else counts.taken += 1;
        return parsed;
      });
    },
  };
}
