// Whole numbers are grouped by hand (format-count.ts: toLocaleString's first call loads ICU's
// number formats); the text must be en-US's all the same.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count.js';

describe('formatCount', () => {
  it("writes any number as toLocaleString('en-US') does", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer(),
          fc.maxSafeInteger(),
          fc.integer({ min: -1000, max: 100_000 }),
          fc.double(),
        ),
        (count) => {
          expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
        },
      ),
      { numRuns: 3000 },
    );
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(999)).toBe('999');
  });
});
