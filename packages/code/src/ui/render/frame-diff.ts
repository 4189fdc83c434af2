// The bytes that turn the live area on screen into the next one, instead of erasing it and
// writing it whole (what Ink 6 writes for every frame). While a reply streams, a frame differs
// from the one before in a line or two (the line the text grows on, the status line), so most
// of the live area need not be sent again: at 30 frames a second that was most of the bytes
// written to the terminal (issue 12).
//
// Same line count: only the changed lines are rewritten, the cursor moving between them. A
// different count (the text took a new line): everything from the first changed line down is
// erased and written. The cursor ends where Ink expects it, at the start of the line after the
// frame. Lines are written whole, so styles never leak between them (Ink closes every style at
// the end of its line).

import { codePointWidth, stripAnsi } from './ansi.js';

const ESC = '\u001B[';

function widthOf(line: string): number {
  let width = 0;
  for (const char of stripAnsi(line)) width += codePointWidth(char.codePointAt(0) ?? 0);
  return width;
}

const up = (rows: number): string => (rows > 0 ? `${ESC}${rows}A` : '');
const down = (rows: number): string => (rows > 0 ? `${ESC}${rows}B` : '');

/**
 * From `previous` (on screen, the cursor on the line after it) to `next`, both as Ink writes a
 * frame (lines ending in "\n"); undefined when a line of either would wrap at `columns`, or
 * either does not end its last line: the rows on screen are then not the lines, and the caller
 * erases and writes the frame whole.
 */
export function frameUpdate(previous: string, next: string, columns: number): string | undefined {
  if (!previous.endsWith('\n') || !next.endsWith('\n')) return undefined;
  const before = previous.split('\n');
  const after = next.split('\n');
  if ([...before, ...after].some((line) => widthOf(line) > columns)) return undefined;
  /** The row the cursor is on now, counted from the frame's first line. */
  let row = before.length - 1;
  const bottom = row;
  let first = 0;
  while (first < after.length - 1 && before[first] === after[first]) first++;
  if (before.length !== after.length) {
    return `${up(bottom - first)}\r${ESC}J${after.slice(first).join('\n')}`;
  }
  let out = '';
  for (let index = first; index < after.length - 1; index++) {
    if (before[index] === after[index]) continue;
    out += `${up(row - index)}${down(index - row)}\r${ESC}2K${after[index]}`;
    row = index;
  }
  return `${out}${down(bottom - row)}\r`;
}
