// Columns on screen, measured as Ink measures them: string-width (the function Ink's layout,
// wrap-ansi and cli-truncate use), by grapheme cluster, so an emoji with its variation selector
// (✅, ❤️), a ZWJ family or a flag takes the columns Ink gives it and a line Wave wraps to the
// width is never wrapped again by Ink. Printable ASCII, most of what streams, skips the
// segmenter (string-width does the same).
import stringWidth from 'string-width';

const PRINTABLE_ASCII = /^[\u0020-\u007E]*$/;
const segmenter = new Intl.Segmenter();

/** Columns `text` takes on screen, escape sequences excluded. */
export function textWidth(text: string): number {
  return stringWidth(text);
}

/** A grapheme cluster of plain text and the columns it takes. */
export interface Grapheme {
  readonly text: string;
  readonly width: number;
}

/** The grapheme clusters of `plain` (no escape sequences), each with its width. */
export function graphemes(plain: string): Grapheme[] {
  if (PRINTABLE_ASCII.test(plain)) return Array.from(plain, (text) => ({ text, width: 1 }));
  return Array.from(segmenter.segment(plain), ({ segment }) => ({
    text: segment,
    width: stringWidth(segment),
  }));
}
