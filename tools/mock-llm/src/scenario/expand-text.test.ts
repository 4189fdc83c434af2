import { describe, expect, it } from 'vitest';
import { expandText } from './expand-text.js';

describe('expandText', () => {
  it('returns literal text as given', () => {
    expect(expandText({ text: 'héllo 😀' })).toBe('héllo 😀');
  });

  it('repeats a pattern', () => {
    expect(expandText({ repeat: { pattern: 'ab ', count: 3 } })).toBe('ab ab ab ');
    expect(expandText({ repeat: { pattern: 'ab', count: 0 } })).toBe('');
  });

  it('numbers words from 1 with prefix w by default, each exactly once', () => {
    expect(expandText({ numberedWords: { count: 3 } })).toBe('w1 w2 w3');
    expect(expandText({ numberedWords: { count: 2, prefix: 'item', start: 10 } })).toBe(
      'item10 item11',
    );
    const words = expandText({ numberedWords: { count: 10_000 } }).split(' ');
    expect(new Set(words).size).toBe(10_000);
    expect(words.at(-1)).toBe('w10000');
  });
});
