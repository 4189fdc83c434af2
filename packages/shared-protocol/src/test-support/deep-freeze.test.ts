import { describe, expect, it } from 'vitest';
import { deepFreeze } from './deep-freeze.js';

describe('deepFreeze (the guard the reducer tests rely on)', () => {
  it('makes nested writes throw', () => {
    const value = deepFreeze({ messages: [{ blocks: [{ content: 'x' }] }] });
    expect(() => {
      (value.messages[0]!.blocks[0] as { content: string }).content = 'y';
    }).toThrow(TypeError);
    expect(() => (value.messages as unknown[]).push(1)).toThrow(TypeError);
  });
});
