// Operations on lines that already carry ANSI codes (highlighted code, pre-rendered output).

import { ansiSequenceAt, codePointWidth, visibleWidth } from './ansi.js';

const RESET = '\u001B[0m';

/**
 * Cuts an ANSI line into pieces of at most `width` columns. Styles open at a cut are closed
 * at the end of the piece and reopened at the start of the next, so each piece stands alone.
 */
export function hardWrapAnsiLine(line: string, width: number): string[] {
  const room = Math.max(1, width);
  if (visibleWidth(line) <= room) return [line];
  const pieces: string[] = [];
  let active: string[] = [];
  let current = '';
  let used = 0;
  let index = 0;
  while (index < line.length) {
    const sequence = ansiSequenceAt(line, index);
    if (sequence !== undefined) {
      current += sequence;
      if (sequence === RESET || sequence === '\u001B[m') active = [];
      else if (sequence.endsWith('m')) active.push(sequence);
      index += sequence.length;
      continue;
    }
    const codePoint = line.codePointAt(index) ?? 0;
    const char = String.fromCodePoint(codePoint);
    const charWidth = codePointWidth(codePoint);
    if (used + charWidth > room && used > 0) {
      pieces.push(active.length > 0 ? current + RESET : current);
      current = active.join('');
      used = 0;
    }
    current += char;
    used += charWidth;
    index += char.length;
  }
  pieces.push(current);
  return pieces;
}

/** Cuts an ANSI line to one line of at most `width` columns, ending with `…` when cut. */
export function truncateAnsiLine(line: string, width: number): string {
  if (visibleWidth(line) <= width) return line;
  const [first = ''] = hardWrapAnsiLine(line, Math.max(1, width - 1));
  return `${first}…`;
}
