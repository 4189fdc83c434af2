// A peer's native binary has no Node to report its usage: bash's `times` does, for its children.
import { describe, expect, it } from 'vitest';
import { childrenCpuSeconds } from './headless.js';

describe('childrenCpuSeconds', () => {
  it("adds the children's user and system time from the second line", () => {
    expect(childrenCpuSeconds('0m0.004s 0m0.000s\n1m2.500s 0m0.250s\n')).toBeCloseTo(62.75, 6);
  });

  it('says so when there is no second line', () => {
    expect(() => childrenCpuSeconds('0m0.004s 0m0.000s\n')).toThrow(/no children's line/);
  });
});
