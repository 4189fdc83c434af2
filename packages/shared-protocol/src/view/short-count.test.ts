import { describe, expect, it } from 'vitest';
import { shortCount } from './short-count.js';

describe('shortCount', () => {
  it('says a count in a few characters', () => {
    expect(shortCount(999)).toBe('999');
    expect(shortCount(1_234)).toBe('1.2k');
    expect(shortCount(45_000)).toBe('45k');
    expect(shortCount(2_500_000)).toBe('2.5M');
  });
});
