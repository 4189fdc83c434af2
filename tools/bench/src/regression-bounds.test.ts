// The gate trips on a ratio past its bound (and on a ratio that is not a number), never on one
// within it; goal marks read the issue's goals the same way.
import { describe, expect, it } from 'vitest';
import { goalMark, ISSUE12_GOALS } from './issue12-goals.js';
import { BOUNDS, regressions } from './regression-bounds.js';

describe('regressions', () => {
  it('lists exactly the checks past their bound', () => {
    const checks = [
      { bound: BOUNDS.headlessCpu, ratio: BOUNDS.headlessCpu.max },
      { bound: BOUNDS.uiBytes, ratio: BOUNDS.uiBytes.max + 0.01 },
      { bound: BOUNDS.firstByte, ratio: Number.NaN },
    ];
    expect(regressions(checks).map((check) => check.bound)).toEqual([
      BOUNDS.uiBytes,
      BOUNDS.firstByte,
    ]);
  });
});

describe('goalMark', () => {
  it('says met, missed, or aim met', () => {
    expect(goalMark(ISSUE12_GOALS.headlessCpu, 1.3)).toBe('met');
    expect(goalMark(ISSUE12_GOALS.headlessCpu, 1.31)).toBe('missed');
    expect(goalMark(ISSUE12_GOALS.uiBytesFloor, 1.2)).toBe('aim met');
    expect(goalMark(ISSUE12_GOALS.uiBytesFloor, 1.5)).toBe('met');
  });
});
