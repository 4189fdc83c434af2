// The bytes that turn one row on screen into another: only the end from the first difference
// on, after a jump to its column (the cursor is already on the row). While a reply streams, a
// changed row is mostly the text line growing by a word or the status line's counter ticking,
// so the part of the row that stays is most of it.
//
// A jump needs the columns of what it skips, so it only skips characters whose width is certain
// (string-width agrees with every terminal on them); it stops before anything else (emoji,
// symbols a terminal may draw wide) and never splits a character from a combining mark after
// it. Styles: whatever the skipped part left open is opened again before the rest is written.
// When the change keeps its width (a counter ticking), the end of the row is left as it is too,
// and styles left open by the change are closed after it.

import { ansiSequenceAt } from './ansi.js';
import { graphemes, isPrintableAscii } from './text-width.js';

const ESC = '\u001B[';

interface Unit {
  /** An escape sequence, or one grapheme cluster. */
  readonly text: string;
  /** Columns it takes: 0 for escapes and combining marks. */
  readonly width: number;
  readonly escape: boolean;
}

function unitsOf(line: string): Unit[] {
  const units: Unit[] = [];
  let plainFrom = 0;
  const endPlain = (end: number): void => {
    if (end <= plainFrom) return;
    for (const { text, width } of graphemes(line.slice(plainFrom, end)))
      units.push({ text, width, escape: false });
  };
  for (let index = 0; index < line.length;) {
    const escape = line.charCodeAt(index) === 0x1b ? ansiSequenceAt(line, index) : undefined;
    if (escape === undefined) {
      index += 1;
      continue;
    }
    endPlain(index);
    units.push({ text: escape, width: 0, escape: true });
    index += escape.length;
    plainFrom = index;
  }
  endPlain(line.length);
  return units;
}

/** Characters a jump may skip: their width is the same on every terminal. */
function isPlain(unit: Unit): boolean {
  if (unit.escape) return true;
  const codePoint = unit.text.codePointAt(0) ?? 0;
  if (codePoint >= 0x20 && codePoint < 0x7f) return true;
  if (codePoint >= 0xa0 && codePoint < 0x300) return true;
  // Punctuation, arrows, box drawing, blocks, geometric shapes; not the zero-width ones.
  return codePoint >= 0x2010 && codePoint < 0x2600 && codePoint !== 0x2028 && codePoint !== 0x2029;
}

// eslint-disable-next-line no-control-regex -- an escape sequence is what it matches
const SIMPLE_SGR = /^\u001B\[(\d+)m$/;

/** Which open code each closing code ends (paint's pairs, and 0 ends everything). */
function closes(close: number, open: number): boolean {
  switch (close) {
    case 0:
      return true;
    case 22:
      return open === 1 || open === 2;
    case 23:
      return open === 3;
    case 24:
      return open === 4;
    case 27:
      return open === 7;
    case 29:
      return open === 9;
    case 39:
      return (open >= 30 && open <= 37) || (open >= 90 && open <= 97);
    case 49:
      return (open >= 40 && open <= 47) || (open >= 100 && open <= 107);
    default:
      return false;
  }
}

const CLOSING_CODES = new Set([0, 22, 23, 24, 27, 29, 39, 49]);

/** The escapes that bring a fresh row to the style `skipped` ends in (fewer when they are simple). */
function stylesAfter(skipped: readonly Unit[]): string {
  const escapes = skipped.filter((unit) => unit.escape).map((unit) => unit.text);
  const open: number[] = [];
  for (const escape of escapes) {
    const match = SIMPLE_SGR.exec(escape);
    if (!match) return escapes.join('');
    const code = Number(match[1]);
    if (CLOSING_CODES.has(code)) {
      for (let index = open.length - 1; index >= 0; index--) {
        if (closes(code, open[index]!)) open.splice(index, 1);
      }
    } else {
      open.push(code);
    }
  }
  return open.map((code) => `${ESC}${code}m`).join('');
}

const widthOfUnits = (units: readonly Unit[]): number =>
  units.reduce((sum, unit) => sum + unit.width, 0);

const textOf = (units: readonly Unit[]): string => units.map((unit) => unit.text).join('');

/** Units at the end of both rows that are the same, and may stay on screen as they are. */
function sameEnd(old: readonly Unit[], next: readonly Unit[], limit: number): number {
  let same = 0;
  while (
    same < limit &&
    old[old.length - 1 - same]!.text === next[next.length - 1 - same]!.text &&
    isPlain(next[next.length - 1 - same]!)
  ) {
    same++;
  }
  return same;
}

/**
 * rowUpdate of two rows of printable ASCII (a reply's text): a character is a unit one column
 * wide, nothing is styled, so the units need not be made (the same bytes as rowUpdateByUnits).
 */
function asciiRowUpdate(before: string, after: string): string {
  const shorter = Math.min(before.length, after.length);
  let same = 0;
  while (same < shorter && before.charCodeAt(same) === after.charCodeAt(same)) same++;
  const jump = same === 0 ? '\r' : `${ESC}${same + 1}G`;
  let kept = 0;
  while (
    kept < shorter - same &&
    before.charCodeAt(before.length - 1 - kept) === after.charCodeAt(after.length - 1 - kept)
  ) {
    kept++;
  }
  if (kept > 0 && before.length === after.length) {
    return `${jump}${after.slice(same, after.length - kept)}`;
  }
  return `${jump}${after.slice(same)}${after.length < before.length ? `${ESC}K` : ''}`;
}

/**
 * From the row showing `before` to the row showing `after`, the cursor anywhere on that row;
 * the cursor ends after what was written, styles closed. '' when they are equal.
 */
export function rowUpdate(before: string, after: string): string {
  if (before === after) return '';
  if (isPrintableAscii(before) && isPrintableAscii(after)) {
    return asciiRowUpdate(before, after);
  }
  return rowUpdateByUnits(before, after);
}

/** rowUpdate on any rows, a unit (escape sequence or grapheme cluster) at a time. */
export function rowUpdateByUnits(before: string, after: string): string {
  if (before === after) return '';
  const old = unitsOf(before);
  const next = unitsOf(after);
  let same = 0;
  while (
    same < old.length &&
    same < next.length &&
    old[same]!.text === next[same]!.text &&
    isPlain(next[same]!)
  ) {
    same++;
  }
  // A combining mark belongs to the character before it: rewrite that one too.
  const startsWithMark = (units: readonly Unit[], index: number) =>
    index < units.length && !units[index]!.escape && units[index]!.width === 0;
  while (same > 0 && (startsWithMark(old, same) || startsWithMark(next, same))) same--;
  const skipped = next.slice(0, same);
  const column = widthOfUnits(skipped);
  const jump = column === 0 ? '\r' : `${ESC}${column + 1}G`;
  // When what changed keeps its width (a counter ticking), the end of the row stays too.
  let kept = sameEnd(old, next, Math.min(old.length, next.length) - same);
  while (kept > 0 && startsWithMark(next, next.length - kept)) kept--;
  const changed = next.slice(same, next.length - kept);
  const replaced = old.slice(same, old.length - kept);
  // Widths a terminal may disagree on (an emoji string-width counts 2 that tmux and xterm.js
  // draw in 1): the end is rewritten and the rest of the row erased, whatever the count says.
  const certain = changed.every(isPlain) && replaced.every(isPlain);
  // The end stays only where it starts at the same column in the same style.
  const endStays =
    kept > 0 &&
    certain &&
    widthOfUnits(changed) === widthOfUnits(replaced) &&
    stylesAfter(old.slice(0, old.length - kept)) === stylesAfter(next.slice(0, next.length - kept));
  if (endStays) {
    const open = stylesAfter([...skipped, ...changed]);
    return `${jump}${stylesAfter(skipped)}${textOf(changed)}${open === '' ? '' : `${ESC}0m`}`;
  }
  const shorter = !certain || widthOfUnits(next) < widthOfUnits(old);
  return `${jump}${stylesAfter(skipped)}${textOf(next.slice(same))}${shorter ? `${ESC}K` : ''}`;
}
