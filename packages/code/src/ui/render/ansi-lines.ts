// Operations on lines that already carry ANSI codes (highlighted code, pre-rendered output).
// Widths are string-width's, by grapheme cluster (text-width.ts), as Ink measures. Hand-written
// rather than wrap-ansi's hard wrap and cli-truncate: both let a line run past the width (trailing
// spaces; a wide character at the cut: cli-truncate('✅ ', 2) is '✅…', three columns), and a
// line wider than the terminal is what breaks the live area's height.

import { ansiSequenceAt, visibleWidth } from './ansi.js';
import { graphemes } from './text-width.js';

const RESET = '\u001B[0m';

/**
 * Cuts an ANSI line into pieces of at most `width` columns (a cluster wider than the width gets
 * a piece of its own). Styles open at a cut are closed at the end of the piece and reopened at
 * the start of the next, so each piece stands alone.
 */
export function hardWrapAnsiLine(line: string, width: number): string[] {
  const room = Math.max(1, width);
  if (visibleWidth(line) <= room) return [line];
  const pieces: string[] = [];
  let active: string[] = [];
  let current = '';
  let used = 0;
  const addText = (plain: string): void => {
    for (const { text, width: charWidth } of graphemes(plain)) {
      if (used + charWidth > room && used > 0) {
        pieces.push(active.length > 0 ? current + RESET : current);
        current = active.join('');
        used = 0;
      }
      current += text;
      used += charWidth;
    }
  };
  let plainFrom = 0;
  for (let index = 0; index < line.length;) {
    const sequence = line.charCodeAt(index) === 0x1b ? ansiSequenceAt(line, index) : undefined;
    if (sequence === undefined) {
      index += 1;
      continue;
    }
    addText(line.slice(plainFrom, index));
    current += sequence;
    if (sequence === RESET || sequence === '\u001B[m') active = [];
    else if (sequence.endsWith('m')) active.push(sequence);
    index += sequence.length;
    plainFrom = index;
  }
  addText(line.slice(plainFrom));
  pieces.push(current);
  return pieces;
}

/** Cuts an ANSI line to one line of at most `width` columns, ending with `…` when cut. */
export function truncateAnsiLine(line: string, width: number): string {
  if (visibleWidth(line) <= width) return line;
  const room = Math.max(0, width - 1);
  const [first = ''] = hardWrapAnsiLine(line, Math.max(1, room));
  // A first cluster wider than the room (an emoji at width 2) does not fit before the `…`.
  return visibleWidth(first) <= room ? `${first}…` : '…';
}
