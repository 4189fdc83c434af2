import { describe, expect, it } from 'vitest';
import { fastChunkParseAvailable } from './fast-chunk-registry.js';

describe('the fast chunk parse registry', () => {
  // The workspace installs the AI SDK with Wave's patch (pnpm's patchedDependencies), and the
  // bundle carries that copy: if an upgrade lost the patch, every chunk would go back to zod
  // without a word, so the loss fails here.
  it('finds the patched provider-utils in this workspace', () => {
    expect(fastChunkParseAvailable).toBe(true);
  });
});
