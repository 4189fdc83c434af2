// A row rewritten from its first change must look exactly like the row written whole: same
// characters, same styles, in a real terminal emulator (xterm, headless).
import xtermHeadless from '@xterm/headless';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowUpdate, rowUpdateByUnits } from './row-update.js';

const { Terminal } = xtermHeadless;
const ESC = '\u001B[';

interface Cell {
  readonly chars: string;
  readonly width: number;
  readonly bold: number;
  readonly dim: number;
  readonly fg: number;
}

/** The cells of the first row (where the cursor ends is not part of it: callers move it). */
async function rowAfter(...writes: string[]): Promise<Cell[]> {
  const terminal = new Terminal({ cols: 60, rows: 3, allowProposedApi: true });
  for (const data of writes) await new Promise<void>((done) => terminal.write(data, done));
  const line = terminal.buffer.active.getLine(0)!;
  const cells: Cell[] = [];
  for (let x = 0; x < terminal.cols; x++) {
    const cell = line.getCell(x)!;
    cells.push({
      chars: cell.getChars(),
      width: cell.getWidth(),
      bold: cell.isBold(),
      dim: cell.isDim(),
      fg: cell.getFgColor(),
    });
  }
  terminal.dispose();
  return cells;
}

const piece = fc.constantFrom(
  'working',
  ' · ',
  '12s',
  '4.2k tokens',
  '● ',
  '日本',
  'e\u0301',
  '⚠️',
  '─',
  ' ',
);
const styled = fc
  .tuple(piece, fc.constantFrom('', '1', '2', '36'))
  .map(([text, code]) =>
    code === '' ? text : `${ESC}${code}m${text}${ESC}${code === '36' ? 39 : 22}m`,
  );
const row = fc.array(styled, { maxLength: 6 }).map((pieces) => pieces.join(''));

describe('rowUpdate', () => {
  it('leaves the row as writing the new one whole does', async () => {
    await fc.assert(
      fc.asyncProperty(row, row, async (before, after) => {
        const diffed = await rowAfter(before, `\r${rowUpdate(before, after)}`);
        const whole = await rowAfter(before, `\r${ESC}2K${after}`);
        expect(diffed).toEqual(whole);
      }),
      { numRuns: 500 },
    );
  });

  it('writes only what changed: the tail of a growing line, a digit of a counter', () => {
    expect(rowUpdate('stream these', 'stream these words')).toBe(`${ESC}13G words`);
    expect(rowUpdate(`${ESC}2mworking 7s${ESC}22m`, `${ESC}2mworking 8s${ESC}22m`)).toBe(
      `${ESC}9G${ESC}2m8${ESC}0m`,
    );
    expect(rowUpdate('same', 'same')).toBe('');
  });

  it('erases what is left of a longer row', () => {
    expect(rowUpdate('working 10s', 'working 9s')).toBe(`${ESC}9G9s${ESC}K`);
  });

  // A reply's rows are printable ASCII: they skip making units, and must get the same bytes.
  it('sends the same bytes for rows of printable ASCII without making units', () => {
    const ascii = fc.stringMatching(/^[ a-c.0-9]{0,12}$/);
    fc.assert(
      fc.property(ascii, ascii, ascii, (common, before, after) => {
        for (const [from, to] of [
          [common + before, common + after],
          [before + common, after + common],
          [common + before + common, common + after + common],
        ] as const) {
          expect(rowUpdate(from, to)).toBe(rowUpdateByUnits(from, to));
        }
      }),
      { numRuns: 2000 },
    );
  });
});
