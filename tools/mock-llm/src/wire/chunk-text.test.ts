import { describe, expect, it } from 'vitest';
import { chunkText } from './chunk-text.js';

describe('chunkText', () => {
  it('splits text into chunks of the given size', () => {
    expect([...chunkText('abcdefg', 3)]).toEqual(['abc', 'def', 'g']);
    expect([...chunkText('', 3)]).toEqual([]);
  });

  it('never cuts a surrogate pair: the emoji stays whole', () => {
    const chunks = [...chunkText('a😀b😀', 2)];
    expect(chunks).toEqual(['a😀', 'b😀']);
    expect(chunks.join('')).toBe('a😀b😀');
  });
});
