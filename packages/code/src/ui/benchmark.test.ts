// The benchmark entry point works with a short and a long conversation (no timing here: the
// benchmark measures; this checks that each step really renders a frame).

import { describe, expect, it } from 'vitest';
import type { Message } from '@wave-agent/shared-protocol';
import { mountUiForBenchmark } from './benchmark.js';

function conversation(count: number): Message[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `m${index}`,
    role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
    createdAt: 0,
    blocks: [
      {
        type: 'text' as const,
        content: `Message number ${index} with **markdown**.`,
        stage: 'end' as const,
      },
    ],
  }));
}

describe('mountUiForBenchmark', () => {
  for (const size of [10, 1000]) {
    it(`applies one delta and renders it, after ${size} messages`, async () => {
      const bench = await mountUiForBenchmark({ messages: conversation(size) });
      await bench.step({ type: 'assistantMessageAdded', messageId: 'live', createdAt: 0 });
      const before = bench.frames;
      await bench.step({
        type: 'assistantContentUpdated',
        messageId: 'live',
        chunk: 'Hello',
        stage: 'streaming',
      });
      expect(bench.frames).toBeGreaterThan(before);
      bench.unmount();
    });
  }
});
