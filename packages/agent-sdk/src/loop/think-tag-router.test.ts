import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ThinkTagRouter } from './think-tag-router.js';
import type { RoutedSegment } from './think-tag-router.js';

function route(chunks: readonly string[]): RoutedSegment[] {
  const router = new ThinkTagRouter();
  return [...chunks.flatMap((chunk) => router.push(chunk)), ...router.flush()];
}

function joined(segments: readonly RoutedSegment[], channel: 'text' | 'reasoning'): string {
  return segments
    .filter((s) => s.channel === channel)
    .map((s) => s.text)
    .join('');
}

describe('ThinkTagRouter', () => {
  it('routes <think> spans to reasoning and the rest to text', () => {
    const segments = route(['<think>plan it</think>The answer is 42.']);
    expect(joined(segments, 'reasoning')).toBe('plan it');
    expect(joined(segments, 'text')).toBe('The answer is 42.');
  });

  it('also understands <thinking> tags', () => {
    const segments = route(['Hi <thinking>hmm</thinking>there']);
    expect(joined(segments, 'reasoning')).toBe('hmm');
    expect(joined(segments, 'text')).toBe('Hi there');
  });

  it('holds back a tag cut at a chunk boundary and never shows half of it', () => {
    const router = new ThinkTagRouter();
    const first = router.push('Hello <thi');
    expect(first).toEqual([{ channel: 'text', text: 'Hello ' }]);
    const second = router.push('nk>secret</th');
    expect(second).toEqual([{ channel: 'reasoning', text: 'secret' }]);
    const third = router.push('ink>done');
    expect(third).toEqual([{ channel: 'text', text: 'done' }]);
  });

  it('releases a held "<" that turned out not to be a tag', () => {
    const router = new ThinkTagRouter();
    expect(router.push('a <')).toEqual([{ channel: 'text', text: 'a ' }]);
    expect(router.push('b')).toEqual([{ channel: 'text', text: '<b' }]);
    expect(router.push('x <th')).toEqual([{ channel: 'text', text: 'x ' }]);
    expect(router.flush()).toEqual([{ channel: 'text', text: '<th' }]);
  });

  it('gives the same routing for any chunking of the same text (property)', () => {
    const text =
      'Intro <think>step one, then <b>two</b></think> answer <thinking>more</thinking> end < 3';
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: text.length - 1 }), { maxLength: 12 }),
        (cuts) => {
          const points = [...new Set(cuts)].sort((a, b) => a - b);
          const chunks = [0, ...points].map((start, i) =>
            text.slice(start, points[i] ?? text.length),
          );
          const segments = route(chunks);
          expect(joined(segments, 'reasoning')).toBe('step one, then <b>two</b>more');
          expect(joined(segments, 'text')).toBe('Intro  answer  end < 3');
          for (const segment of segments) expect(segment.text).not.toMatch(/<\/?think/);
        },
      ),
      { numRuns: 500 },
    );
  });
});
