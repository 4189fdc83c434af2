import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { setColorsEnabled, stripAnsi, visibleWidth } from './ansi.js';
import { hardWrapAnsiLine, truncateAnsiLine } from './ansi-lines.js';
import { renderSpans, wrapSpans, wrapToLines } from './styled-text.js';

// These tests check colours: on, whatever NO_COLOR says where they run.
beforeAll(() => setColorsEnabled(true));

const plainLines = (lines: ReturnType<typeof wrapSpans>): string[] =>
  lines.map((line) => line.map((span) => span.text).join(''));

describe('wrapSpans', () => {
  it('wraps at spaces and keeps words whole', () => {
    expect(plainLines(wrapSpans([{ text: 'the quick brown fox jumps' }], 10))).toEqual([
      'the quick',
      'brown fox',
      'jumps',
    ]);
  });

  it('keeps a word that changes style whole', () => {
    const lines = wrapSpans(
      [{ text: 'aaaa foo' }, { text: 'bar', style: { bold: true } }, { text: ' x' }],
      8,
    );
    expect(plainLines(lines)).toEqual(['aaaa', 'foobar x']);
  });

  it('cuts a word longer than the line', () => {
    expect(plainLines(wrapSpans([{ text: 'abcdefghij' }], 4))).toEqual(['abcd', 'efgh', 'ij']);
  });

  it('breaks at newlines and counts wide characters as two columns', () => {
    expect(plainLines(wrapSpans([{ text: 'one\ntwo' }], 20))).toEqual(['one', 'two']);
    expect(plainLines(wrapSpans([{ text: '漢字漢字 漢字' }], 8))).toEqual(['漢字漢字', '漢字']);
  });

  it('never makes a line wider than the width, loses no characters, and splits no word that fits', () => {
    // Words of narrow, wide (two columns) and combining characters, often longer than the line:
    // `size: 'large'` spreads the lengths up to 200, widths go down to 1.
    const RUNS = 300;
    const reached = { wrapped: 0, wide: 0, wordCut: 0, combining: 0 };
    const text = fc.string({
      unit: fc.constantFrom('a', 'b', 'c', ' ', ' ', '\n', '漢', '字', '😀', 'e\u0301'),
      maxLength: 200,
      size: 'large',
    });
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 30 }), (clean, width) => {
        const lines = wrapToLines([{ text: clean, style: { bold: true } }], width);
        for (const line of lines)
          expect(visibleWidth(line)).toBeLessThanOrEqual(Math.max(width, 2));
        expect(stripAnsi(lines.join('')).replace(/\s/g, '')).toBe(clean.replace(/\s/g, ''));
        // A combining mark stays with the letter before it.
        for (const line of lines) expect(stripAnsi(line).startsWith('\u0301')).toBe(false);
        // A word no wider than the line is on one line, whole.
        const shownWords = new Set(lines.flatMap((line) => stripAnsi(line).split(/\s+/)));
        for (const word of clean.split(/\s+/))
          if (word !== '' && visibleWidth(word) <= width) expect(shownWords).toContain(word);
        if (lines.length > clean.split('\n').length) reached.wrapped += 1;
        if (/[漢字😀]/u.test(clean)) reached.wide += 1;
        if (clean.split(/\s/).some((word) => visibleWidth(word) > width)) reached.wordCut += 1;
        if (clean.includes('\u0301')) reached.combining += 1;
      }),
      { numRuns: RUNS },
    );
    // What the 300 runs reach; the floors leave room.
    expect(reached.wrapped).toBeGreaterThan(RUNS / 2);
    expect(reached.wide).toBeGreaterThan(RUNS / 2);
    expect(reached.wordCut).toBeGreaterThan(RUNS / 4);
    expect(reached.combining).toBeGreaterThan(RUNS / 2);
  });

  it('renders styles as ANSI that closes what it opens', () => {
    expect(renderSpans([{ text: 'x', style: { bold: true, color: 'red' } }])).toBe(
      '\u001B[1m\u001B[31mx\u001B[39m\u001B[22m',
    );
  });
});

describe('ANSI lines', () => {
  it('hard-wraps a coloured line, reopening the colour on the next piece', () => {
    const line = '\u001B[31mabcdef\u001B[39m';
    const pieces = hardWrapAnsiLine(line, 4);
    expect(pieces.map(stripAnsi)).toEqual(['abcd', 'ef']);
    expect(pieces[1]!.startsWith('\u001B[31m')).toBe(true);
  });

  it('truncates with an ellipsis', () => {
    expect(stripAnsi(truncateAnsiLine('abcdefgh', 5))).toBe('abcd…');
    expect(truncateAnsiLine('abc', 5)).toBe('abc');
  });
});

// One run of printable ASCII (reasoning, a user's words) is wrapped word by word as strings,
// without spans: the lines must be the ones wrapSpans and renderSpans make.
describe('wrapToLines of one run of printable ASCII', () => {
  it('gives the lines of wrapSpans', () => {
    const word = fc.constantFrom('consider', 'the', 'next', 'step.', 'a', ' ', '   ', '*x*', '');
    const text = fc
      .array(fc.oneof(word, fc.stringMatching(/^[ -~]{0,14}$/)), { maxLength: 14 })
      .map((words) => words.join(' '));
    const style = fc.constantFrom(
      undefined,
      { dim: true, italic: true },
      { color: 'red' as const },
    );
    const prefix = fc.constantFrom(
      { first: '', rest: '' },
      { first: '  ', rest: '  ' },
      {
        first: '\u001B[1m> \u001B[22m',
        rest: '  ',
      },
    );
    fc.assert(
      fc.property(
        text,
        style,
        fc.integer({ min: -2, max: 30 }),
        prefix,
        (words, look, width, around) => {
          const spans = [look ? { text: words, style: look } : { text: words }];
          const room = width - Math.max(visibleWidth(around.first), visibleWidth(around.rest));
          const expected = wrapSpans(spans, room).map(
            (line, index) => (index === 0 ? around.first : around.rest) + renderSpans(line),
          );
          expect(wrapToLines(spans, width, around)).toEqual(expected);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
