import { describe, expect, it } from 'vitest';
import { lastLines, lineCount, markdownTail } from './text-tail.js';

describe('text tails', () => {
  it('takes the last lines, ignoring a trailing newline', () => {
    expect(lastLines('a\nb\nc\n', 2)).toEqual(['b', 'c']);
    expect(lastLines('a', 5)).toEqual(['a']);
    expect(lastLines('', 5)).toEqual([]);
  });

  it('counts lines', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a')).toBe(1);
    expect(lineCount('a\nb\n')).toBe(2);
  });

  it('reopens the code fence a cut falls inside', () => {
    const text = ['intro', '```python', 'a = 1', 'b = 2', 'c = 3', 'd = 4'].join('\n');
    expect(markdownTail(text, 2)).toEqual({ text: '```python\nc = 3\nd = 4', hiddenLines: 4 });
    expect(markdownTail(text, 10)).toEqual({ text, hiddenLines: 0 });
    const closed = ['```', 'x', '```', 'after 1', 'after 2'].join('\n');
    expect(markdownTail(closed, 2).text).toBe('after 1\nafter 2');
  });
});
