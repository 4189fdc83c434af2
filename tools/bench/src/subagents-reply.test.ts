import { describe, expect, it } from 'vitest';
import {
  THREADS,
  WORDS_PER_THREAD,
  wordsNotShownOnce,
  wordsShownTwice,
} from './subagents-reply.js';

const thread = (prefix: string) =>
  Array.from({ length: WORDS_PER_THREAD }, (_, i) => `${prefix}${i + 1}`).join(' ');

describe("the three-subagents row's word check", () => {
  it('passes every word of every thread shown once, however the lines were cut', () => {
    const lines =
      THREADS.map(thread)
        .join(' ')
        .match(/.{1,97}(?: |$)/g) ?? [];
    expect(lines.length).toBeGreaterThan(100);
    expect(wordsNotShownOnce(lines)).toEqual([]);
    expect(wordsShownTwice(lines)).toEqual([]);
  });

  it('names a word missing, a word shown twice, and does not count a1 inside a17', () => {
    const words = THREADS.map(thread).join(' ').split(' ');
    const withoutB7 = words.filter((word) => word !== 'b7');
    expect(wordsNotShownOnce([withoutB7.join(' ')])).toEqual(['b7 ×0']);
    const c9Twice = [...words, 'c9'];
    expect(wordsNotShownOnce([c9Twice.join(' ')])).toEqual(['c9 ×2']);
    expect(wordsShownTwice([c9Twice.join(' ')])).toEqual(['c9 ×2']);
    expect(wordsNotShownOnce(['a17'])[0]).toBe('a1 ×0');
  });
});
