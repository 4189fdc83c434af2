// Wave lays text out before Ink sees it; Ink measures it again with string-width (its layout,
// wrap-ansi, cli-truncate). Where the two disagree, Ink wraps a line Wave counted as one row and
// the live area's height, the frame diff and the erase after a resize are all off. So every
// width Wave computes must be string-width's, on every character: checked here on arbitrary
// text, emoji (✅ and 🚀 were measured as one column before) and CJK among it.
import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { hardWrapAnsiLine, truncateAnsiLine } from './ansi-lines.js';
import { stripAnsi, visibleWidth } from './ansi.js';
import { rowsOfFrame } from './reflow-aware-stdout.js';
import { wrapSpans } from './styled-text.js';
import { graphemes } from './text-width.js';
import { estimatedRows } from '../freeze/freeze-cut.js';

const ESC = '\u001B[';

/** Pieces that have tripped width code: emoji with and without VS16, ZWJ, flags, CJK, marks. */
const tricky = fc.constantFrom(
  '✅',
  '🚀',
  '⚠️',
  '⚠',
  '❤️',
  '👍🏽',
  '👨‍👩‍👧',
  '🇫🇷',
  '日本語',
  'ｶﾞ',
  'e\u0301',
  '\u200B',
  '한',
  '\u1100\u1161',
  'กำ',
  '\u0600a',
  'a\u200Cb',
  '\r\n',
  '·',
  '●',
  '─',
  '→',
  'word',
  ' ',
);
const text = fc
  .array(
    fc.oneof(
      tricky,
      fc.string({ unit: 'grapheme', maxLength: 6 }),
      fc.string({ unit: 'binary', maxLength: 6 }),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));
const styled = fc
  .array(fc.tuple(text, fc.constantFrom('', '1', '36')), { maxLength: 4 })
  .map((parts) =>
    parts.map(([t, code]) => (code === '' ? t : `${ESC}${code}m${t}${ESC}0m`)).join(''),
  );
const width = fc.integer({ min: 2, max: 40 });

describe('widths agree with string-width (what Ink measures with)', () => {
  it('counts ✅ and 🚀 as two columns, as Ink does', () => {
    expect(visibleWidth('✅ done')).toBe(stringWidth('✅ done'));
    expect(visibleWidth('🚀')).toBe(2);
    expect(visibleWidth('✅')).toBe(2);
    expect(graphemes('a✅🚀').map((g) => g.width)).toEqual([1, 2, 2]);
  });

  it('visibleWidth and the graphemes agree with string-width on any text', () => {
    fc.assert(
      fc.property(styled, (line) => {
        expect(visibleWidth(line)).toBe(stringWidth(line));
        const plain = stripAnsi(line);
        expect(graphemes(plain).reduce((sum, g) => sum + g.width, 0)).toBe(stringWidth(plain));
        expect(
          graphemes(plain)
            .map((g) => g.text)
            .join(''),
        ).toBe(plain);
      }),
      { numRuns: 800 },
    );
  });

  it('wrapped and truncated lines fit the width by string-width, and keep every character', () => {
    fc.assert(
      fc.property(styled, width, (line, columns) => {
        // A piece fits, or is one cluster wider than the width (𝅘𝅥𝅮 is three columns): it cannot be cut.
        const fits = (piece: string) =>
          stringWidth(piece) <= columns || graphemes(stripAnsi(piece)).length === 1;
        const pieces = hardWrapAnsiLine(line, columns);
        for (const piece of pieces) expect(fits(piece)).toBe(true);
        expect(pieces.map((piece) => stripAnsi(piece)).join('')).toBe(stripAnsi(line));
        expect(stringWidth(truncateAnsiLine(line, columns))).toBeLessThanOrEqual(columns);
        for (const spans of wrapSpans([{ text: stripAnsi(line) }], columns)) {
          expect(fits(spans.map((s) => s.text).join(''))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('counts the rows a line takes as string-width says, where no cluster straddles a row end', () => {
    fc.assert(
      fc.property(text, width, (line, columns) => {
        const plain = line.replaceAll('\n', ' ');
        const clusters = graphemes(plain);
        const narrow = clusters.every((g) => g.width <= 1);
        const rows = Math.max(1, Math.ceil(stringWidth(plain) / columns));
        if (plain === '') return;
        // Where string-width disagrees with itself (a line's width is not the sum of its clusters'
        // widths, e.g. a noncharacter beside U+1D160's combining marks), no row count is right.
        const additive = clusters.reduce((sum, g) => sum + stringWidth(g.text), 0);
        if (additive !== stringWidth(plain)) return;
        if (narrow) expect(rowsOfFrame(plain, columns)).toBe(rows);
        else expect(rowsOfFrame(plain, columns)).toBeGreaterThanOrEqual(rows);
        if (stringWidth(plain) > 0) expect(estimatedRows(plain, 0, columns)).toBe(rows);
      }),
      { numRuns: 300 },
    );
  });
});
