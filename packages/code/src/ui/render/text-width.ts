// Columns on screen, measured as Ink measures them: string-width (the function Ink's layout,
// wrap-ansi and cli-truncate use), by grapheme cluster, so an emoji with its variation selector
// (✅, ❤️), a ZWJ family or a flag takes the columns Ink gives it and a line Wave wraps to the
// width is never wrapped again by Ink.
//
// string-width segments every non-ASCII string and runs its emoji regexes on each cluster: most
// of the UI's CPU when the frame diff and the status line measured with it per frame (`·`, `─`,
// `●` are on every screen). So: printable ASCII is its length; text with nothing that joins code
// points into one cluster (marks, joiners, surrogates, jamo, the few Prepend and SpacingMark
// letters) is measured a code point at a time, each code point's width asked of string-width
// once and remembered; the rest goes to string-width whole. text-width.test.ts checks the result
// is string-width's on arbitrary text.
import stringWidth from 'string-width';
import stripAnsi from 'strip-ansi';

const PRINTABLE_ASCII = /^[\u0020-\u007E]*$/;

/** Whether `text` is printable ASCII alone: a character is one column and one unit on screen. */
export function isPrintableAscii(text: string): boolean {
  return PRINTABLE_ASCII.test(text);
}
/** Code points that may join the one before or after them into a cluster. */
const MAY_CLUSTER =
  /[\p{M}\u1100-\u11FF\uA960-\uA97F\uD7B0-\uD7FF\uD800-\uDFFF\u{10000}-\u{10FFFF}\uFF9E\uFF9F\u0600-\u0605\u06DD\u070F\u0890\u0891\u08E2\u0D4E\u0E33\u0EB3\r]|\u200C|\u200D/u;
const segmenter = new Intl.Segmenter();
/** string-width of each code point met alone, by code point. */
const codePointWidths = new Map<number, number>();

function codePointWidth(codePoint: number, char: string): number {
  if (codePoint >= 0x20 && codePoint < 0x7f) return 1;
  let width = codePointWidths.get(codePoint);
  if (width === undefined) {
    width = stringWidth(char);
    codePointWidths.set(codePoint, width);
  }
  return width;
}

function plainWidth(plain: string): number {
  if (isPrintableAscii(plain)) return plain.length;
  if (MAY_CLUSTER.test(plain)) return stringWidth(plain);
  let width = 0;
  for (const char of plain) width += codePointWidth(char.codePointAt(0) ?? 0, char);
  return width;
}

/** Columns `text` takes on screen, escape sequences excluded. */
export function textWidth(text: string): number {
  return plainWidth(text.includes('\u001B') || text.includes('\u009B') ? stripAnsi(text) : text);
}

/** A grapheme cluster of plain text and the columns it takes. */
export interface Grapheme {
  readonly text: string;
  readonly width: number;
}

/** The grapheme clusters of `plain` (no escape sequences), each with its width. */
export function graphemes(plain: string): Grapheme[] {
  if (PRINTABLE_ASCII.test(plain)) return Array.from(plain, (text) => ({ text, width: 1 }));
  if (!MAY_CLUSTER.test(plain)) {
    return Array.from(plain, (text) => ({
      text,
      width: codePointWidth(text.codePointAt(0) ?? 0, text),
    }));
  }
  return Array.from(segmenter.segment(plain), ({ segment }) => ({
    text: segment,
    width: stringWidth(segment),
  }));
}
