// Keeps the UI benchmark runnable: one measured delta after 10 prior messages renders a frame.
import { describe, expect, it } from 'vitest';
import { benchUiDelta } from './ui-delta.js';

describe('benchUiDelta', () => {
  it('measures a rendered delta', async () => {
    const figures = await benchUiDelta(10, 5);
    expect(figures.priorMessages).toBe(10);
    expect(figures.medianMs).toBeGreaterThan(0);
  }, 60_000);
});
