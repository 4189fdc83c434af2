// The bytes that turn the live area on screen into the next one, instead of erasing it and
// writing it whole (what Ink 6 writes for every frame). While a reply streams, a frame differs
// from the one before in a line or two (the line the text grows on, the status line), so most
// of the live area need not be sent again: at 30 frames a second that was most of the bytes
// written to the terminal (issue 12).
//
// The lines of both frames are aligned (a longest common subsequence: frames are a few dozen
// lines), so lines that stay are never sent, even when lines above them were added or removed:
// the text taking a new line pushes the prompt and the status line down with an insert-line
// (CSI L) instead of writing them again, and lines that go are deleted (CSI M). A frame that
// begins with new history (Ink writes history and the frame after it in one update) is aligned
// the same way: the history is usually what the top of the live area already showed.
//
// Deletions are made first, bottom up, then insertions and changed rows top down, so the frame
// never takes more rows than it finally has: the rows it grows by are made first, by moving the
// cursor down past its end (scrolling the history up when the frame is at the bottom). Rows
// that changed are rewritten from their first change (row-update.ts). The cursor ends where Ink
// expects it, at the start of the line after the frame. Lines are written whole or from a
// known column, so styles never leak between them (Ink closes every style at its line's end).

import { visibleWidth } from './ansi.js';
import { rowUpdate } from './row-update.js';

const ESC = '\u001B[';

function widthOf(line: string): number {
  return visibleWidth(line);
}

/** A stretch of lines the two frames do not share: `oldCount` lines go, `newCount` come. */
interface Hunk {
  readonly oldStart: number;
  readonly oldCount: number;
  readonly newStart: number;
  readonly newCount: number;
}

/** The stretches between the lines a longest common subsequence of `before` and `after` keeps. */
function hunksBetween(before: readonly string[], after: readonly string[]): Hunk[] {
  const rows = before.length;
  const columns = after.length;
  // lengths[i * (columns + 1) + j]: the LCS length of before[i..] and after[j..].
  const lengths = new Uint16Array((rows + 1) * (columns + 1));
  const at = (i: number, j: number) => i * (columns + 1) + j;
  for (let i = rows - 1; i >= 0; i--) {
    for (let j = columns - 1; j >= 0; j--) {
      lengths[at(i, j)] =
        before[i] === after[j]
          ? lengths[at(i + 1, j + 1)]! + 1
          : Math.max(lengths[at(i + 1, j)]!, lengths[at(i, j + 1)]!);
    }
  }
  const hunks: Hunk[] = [];
  let i = 0;
  let j = 0;
  let open: { oldStart: number; newStart: number } | undefined;
  const close = () => {
    if (open) hunks.push({ ...open, oldCount: i - open.oldStart, newCount: j - open.newStart });
    open = undefined;
  };
  while (i < rows || j < columns) {
    if (i < rows && j < columns && before[i] === after[j]) {
      close();
      i++;
      j++;
      continue;
    }
    open ??= { oldStart: i, newStart: j };
    if (j >= columns || (i < rows && lengths[at(i + 1, j)]! >= lengths[at(i, j + 1)]!)) i++;
    else j++;
  }
  close();
  return hunks;
}

/** Rows down for which newlines are shorter than a cursor move (the pty makes "\n" a CR LF). */
const NEWLINES_UP_TO = 2;

/**
 * Moves the cursor from row `from` to row `to` of the frame; the column is left to what is
 * written next. Only rows the frame already has are crossed, so a newline never scrolls.
 */
function move(from: number, to: number): string {
  if (to < from) return `${ESC}${from - to}A`;
  if (to - from > NEWLINES_UP_TO) return `${ESC}${to - from}B`;
  return '\n'.repeat(to - from);
}

/** The update from the rows `before` to the rows `after`, which fit on the screen. */
function update(before: readonly string[], after: readonly string[]): string {
  const hunks = hunksBetween(before, after);
  /** The row the cursor is on, counted from the frame's first line. */
  let row = before.length;
  let out = '';
  // Room first: the frame's rows below its end exist once the cursor has passed them.
  const growth = after.length - before.length;
  if (growth > 0) {
    out += '\n'.repeat(growth);
    row += growth;
  }
  // Deletions, bottom up: the rows above a hunk are still the old ones.
  for (const hunk of [...hunks].reverse()) {
    const surplus = hunk.oldCount - hunk.newCount;
    if (surplus <= 0) continue;
    const at = hunk.oldStart + hunk.newCount;
    out += `${move(row, at)}${ESC}${surplus}M`;
    row = at;
  }
  // Changes and insertions, top down: the rows above a hunk are already the new ones.
  for (const hunk of hunks) {
    const paired = Math.min(hunk.oldCount, hunk.newCount);
    for (let k = 0; k < paired; k++) {
      const at = hunk.newStart + k;
      out += move(row, at) + rowUpdate(before[hunk.oldStart + k]!, after[at]!);
      row = at;
    }
    const missing = hunk.newCount - hunk.oldCount;
    if (missing <= 0) continue;
    const first = hunk.newStart + paired;
    out += `${move(row, first)}${ESC}${missing}L`;
    for (let k = 0; k < missing; k++) out += `${k === 0 ? '\r' : '\n'}${after[first + k]!}`;
    row = first + missing - 1;
  }
  const end = move(row, after.length);
  return `${out}${end}${end.startsWith('\n') ? '' : '\r'}`;
}

/**
 * From `previous` (on screen, the cursor on the line after it) to `next`, both as Ink writes a
 * frame (lines ending in "\n"); undefined when a line of either would wrap at `columns` or
 * either does not end its last line: the rows on screen are then not the lines, and the caller
 * erases and writes `next` whole. When `next` (new history and the frame) is taller than the
 * screen's `screenRows`, its top replaces the frame on screen and the rest is written below it,
 * scrolling that top into the scrollback.
 */
export function frameUpdate(
  previous: string,
  next: string,
  columns: number,
  screenRows = Number.POSITIVE_INFINITY,
): string | undefined {
  if (!previous.endsWith('\n') || !next.endsWith('\n')) return undefined;
  const before = previous.slice(0, -1).split('\n');
  const after = next.slice(0, -1).split('\n');
  if (before.length + 1 > screenRows) return undefined;
  if ([...before, ...after].some((line) => widthOf(line) > columns)) return undefined;
  if (previous === next) return '';
  if (after.length + 1 <= screenRows) return update(before, after);
  const fits = Math.max(before.length, 1);
  const below = after.slice(fits).map((line) => `${line}\n`);
  return update(before, after.slice(0, fits)) + below.join('');
}
