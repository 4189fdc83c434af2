// Keeps the benchmark honest and runnable: a small stream must produce real figures.
import { describe, expect, it } from 'vitest';
import { benchSdkStream } from './sdk-stream.js';

describe('benchSdkStream', () => {
  it('streams the requested size through the Agent and measures it', async () => {
    const [figures] = await benchSdkStream([{ label: 'small', chars: 20_000, chunkSize: 20 }], 1);
    expect(figures?.chars).toBeGreaterThan(19_000);
    expect(figures?.chunks).toBe(Math.ceil(figures!.chars / 20));
    expect(figures?.cpuSeconds).toBeGreaterThan(0);
    expect(figures?.cpuMicrosPerChunk).toBeGreaterThan(0);
  }, 60_000);
});
