// Keeps the block-frames benchmark runnable and honest: each measured step (a tool's output, a
// hook run) is on the frame the step waited for, so the time measured is the time to show it.
import { describe, expect, it } from 'vitest';
import { benchUiBlocks } from './ui-blocks.js';

describe('benchUiBlocks', () => {
  it('measures steps that each reach the frame it waited for', async () => {
    const figures = await benchUiBlocks(30);
    expect(figures.stepsShown).toBe(30);
    expect(figures.medianMs).toBeGreaterThan(0);
  }, 60_000);
});
