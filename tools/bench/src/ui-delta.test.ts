// Keeps the UI benchmark runnable and honest: each measured delta after 10 prior messages is on
// the frame the step waited for, so the time measured is the time to show it.
import { describe, expect, it } from 'vitest';
import { benchUiDelta } from './ui-delta.js';

describe('benchUiDelta', () => {
  it('measures deltas that each reach the frame it waited for', async () => {
    const figures = await benchUiDelta(10, 5);
    expect(figures.priorMessages).toBe(10);
    expect(figures.deltasShown).toBe(5);
    expect(figures.medianMs).toBeGreaterThan(0);
  }, 60_000);
});
