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

  it('never makes a line wider than the width, and loses no characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.integer({ min: 1, max: 30 }), (text, width) => {
        // Control characters have no width and are not the wrapper's business.
        const clean = [...text]
          .filter(
            (char) =>
              (char.codePointAt(0) ?? 0) >= 0x20 &&
              !((char.codePointAt(0) ?? 0) >= 0x7f && (char.codePointAt(0) ?? 0) < 0xa0),
          )
          .join('');
        const lines = wrapToLines([{ text: clean, style: { bold: true } }], width);
        for (const line of lines)
          expect(visibleWidth(line)).toBeLessThanOrEqual(Math.max(width, 2));
        expect(stripAnsi(lines.join('')).replace(/\s/g, '')).toBe(clean.replace(/\s/g, ''));
      }),
    );
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
