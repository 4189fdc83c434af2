// A reply's text laid out paragraph by paragraph: a paragraph that finished streaming is laid
// out once and kept, so a frame renders only the paragraph still growing (not the markdown lexer
// and the wrap of the whole live tail each frame), and the history piece the paragraphs then move
// into takes the same lines. A paragraph ends where a freeze may cut the text (paragraphStarts),
// so the pieces' lines are the whole's: each paragraph's lines, a blank line between two that
// have any, as the markdown renderer joins blocks.

import { paragraphStarts } from '../freeze/freeze-cut.js';

/** Paragraphs kept; a live area holds a few, so this bounds memory, not hits. */
const KEPT = 64;
const laidOut = new Map<string, readonly string[]>();

function remember(key: string, lines: readonly string[]): void {
  if (laidOut.size >= KEPT) {
    const oldest = laidOut.keys().next();
    if (!oldest.done) laidOut.delete(oldest.value);
  }
  laidOut.set(key, lines);
}

/**
 * The lines of `text`, the last part of a streaming text that ends at `end` (its length), as
 * `render` lays out a piece of it at `width`. A finished paragraph is keyed by where it stands
 * in the text and what it says, so a paragraph is reused only for the same place in the same
 * text, never for equal words elsewhere.
 */
export function paragraphLines(
  text: string,
  end: number,
  width: number,
  render: (piece: string) => readonly string[],
): string[] {
  const lines: string[] = [];
  const add = (piece: readonly string[]) => {
    if (piece.length === 0) return;
    if (lines.length > 0) lines.push('');
    lines.push(...piece);
  };
  let start = 0;
  for (const next of paragraphStarts(text)) {
    const paragraph = text.slice(start, next);
    const key = `${width}|${end - text.length + start}|${paragraph}`;
    let piece = laidOut.get(key);
    if (!piece) {
      piece = render(paragraph);
      remember(key, piece);
    }
    add(piece);
    start = next;
  }
  add(render(text.slice(start)));
  return lines;
}
