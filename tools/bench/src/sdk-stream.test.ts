// Keeps the benchmark honest and runnable: a small stream must produce real figures, measured
// from what reached the Agent's subscriber.
import { describe, expect, it } from 'vitest';
import { benchSdkStream } from './sdk-stream.js';

describe('benchSdkStream', () => {
  it('streams the requested size through the Agent and measures it', async () => {
    const [figures] = await benchSdkStream([{ label: 'small', chars: 20_000, chunkSize: 20 }], 1);
    expect(figures?.requestedChars).toBeGreaterThan(19_000);
    // Every character the server sent arrived, in chunks of the server's size.
    expect(figures?.chars).toBe(figures?.requestedChars);
    expect(figures?.chunks).toBe(Math.ceil(figures!.requestedChars / 20));
    expect(figures?.cpuSeconds).toBeGreaterThan(0);
    expect(figures?.cpuMicrosPerChunk).toBeGreaterThan(0);
  }, 60_000);
});
