// The benchmark entry point works with a short and a long conversation (no timing here: the
// benchmark measures; this checks that each step really renders a frame).

import { describe, expect, it } from 'vitest';
import { mountUiForBenchmark, sampleConversation } from './benchmark.js';

describe('mountUiForBenchmark', () => {
  for (const size of [10, 1000]) {
    it(`applies one delta and renders it, after ${size} messages`, async () => {
      const bench = await mountUiForBenchmark({ messages: sampleConversation(size) });
      await bench.step({ type: 'assistantMessageAdded', messageId: 'live', createdAt: 0 });
      const before = bench.frames;
      await bench.step({
        type: 'assistantContentUpdated',
        messageId: 'live',
        chunk: 'Hello',
        stage: 'streaming',
      });
      expect(bench.frames).toBeGreaterThan(before);
      expect(bench.lastFrame).toContain('Hello');
      bench.unmount();
    });
  }
});
