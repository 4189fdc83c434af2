// Text grown chunk by chunk keeps its value, and the memory it holds does not grow with the
// number of chunks: in V8 a rope of 8-character chunks holds ~48 bytes more per chunk than its
// text, and a grown (or compacted) text does not. Measured on the heap after a full GC.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { compacted, grown } from './grown-text.js';

// A full GC on demand, without starting the test process with --expose-gc.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Heap bytes `make` keeps alive, after full GCs. */
function heapHeldBy(make: () => string[]): number {
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept = make();
  gc();
  gc();
  const after = process.memoryUsage().heapUsed;
  expect(kept.length).toBeGreaterThan(0);
  return after - before;
}

const CHUNKS = 100_000;
const chunk = (index: number) => `w${String(index % 1000).padStart(6, '0')} `;

describe('grown text', () => {
  it('is the same text as plain concatenation', () => {
    let plain = '';
    let text = '';
    for (let index = 0; index < CHUNKS; index++) {
      plain += chunk(index);
      text = grown(text, chunk(index));
    }
    expect(text).toBe(plain);
    expect(compacted(text)).toBe(plain);
  });

  it('holds about its own length, not a node per chunk', () => {
    const rope = heapHeldBy(() => {
      let text = '';
      for (let index = 0; index < CHUNKS; index++) text += chunk(index);
      return [text];
    });
    const kept = heapHeldBy(() => {
      let text = '';
      for (let index = 0; index < CHUNKS; index++) text = grown(text, chunk(index));
      return [text];
    });
    const ended = heapHeldBy(() => {
      let text = '';
      for (let index = 0; index < CHUNKS; index++) text += chunk(index);
      return [compacted(text)];
    });
    const length = CHUNKS * 8;
    expect(rope / length).toBeGreaterThan(5);
    expect(kept / length).toBeLessThan(2.5);
    expect(ended / length).toBeLessThan(1.5);
  });
});
