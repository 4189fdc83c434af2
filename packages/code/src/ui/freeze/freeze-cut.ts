// Where a streaming text may be cut so its beginning can move into the terminal's history
// while the rest keeps streaming: after a blank line (a finished paragraph), never inside a
// fenced code block; a single paragraph taller than the live area is cut at a line end.

import { visibleWidth } from '../render/ansi.js';
import { isFenceClose, parseFenceOpen } from '../render/code-fence.js';
import type { Fence } from '../render/code-fence.js';

export interface LiveArea {
  readonly columns: number;
  /** Rows the live part of the message list may take. */
  readonly rows: number;
}

/** Rows `text` from `from` on takes at `columns`, counting wrapped lines (an estimate: it is raw markdown). */
export function estimatedRows(text: string, from: number, columns: number): number {
  const width = Math.max(1, columns);
  let rows = 0;
  for (let start = from; start < text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const lineWidth = visibleWidth(text.slice(start, end));
    // A line ended by a newline takes a row even when empty; the unfinished last one only if not.
    if (newline !== -1) rows += Math.max(1, Math.ceil(lineWidth / width));
    else if (lineWidth > 0) rows += Math.ceil(lineWidth / width);
    start = end + 1;
  }
  return rows;
}

interface CutCandidates {
  /** The last position after a blank line that starts a new paragraph outside any fence. */
  readonly paragraph: number;
  /** Every such position, in order. */
  readonly paragraphs: readonly number[];
  /** The last line end outside any fence. */
  readonly line: number;
}

function findCuts(text: string, from: number): CutCandidates {
  const paragraphs: number[] = [];
  let paragraph = -1;
  let line = -1;
  let fence: Fence | undefined;
  let afterBlank = -1;
  let position = from;
  for (;;) {
    const newline = text.indexOf('\n', position);
    const current = text.slice(position, newline === -1 ? text.length : newline);
    // A paragraph cut needs the next line to start flush left: an indented line after a blank
    // one may continue a list item or be indented code, which a cut would change.
    if (afterBlank !== -1 && current.trim() !== '') {
      if (!/^[ \t]/.test(current)) {
        paragraph = afterBlank;
        paragraphs.push(afterBlank);
      }
      afterBlank = -1;
    }
    // The last line may still grow, so only whole lines are looked at past this point.
    if (newline === -1) break;
    const next = newline + 1;
    if (fence) {
      if (isFenceClose(current, fence)) {
        fence = undefined;
        line = next;
      }
    } else {
      fence = parseFenceOpen(current);
      if (!fence) {
        line = next;
        if (current.trim() === '') afterBlank = next;
      }
    }
    position = next;
  }
  return { paragraph, paragraphs, line };
}

/**
 * Where the paragraphs of a streaming text start (after the first): the places a freeze may
 * cut it, so the pieces render as the whole does, each paragraph on its own.
 */
export function paragraphStarts(text: string): readonly number[] {
  return findCuts(text, 0).paragraphs;
}

/**
 * How much of `text` (already written up to `from`) may be written now. Nothing while the
 * rest fits half the live area; then up to the last finished paragraph; a paragraph taller
 * than the whole area is cut at its last line end. Never inside a code fence.
 */
export function freezeCut(text: string, from: number, area: LiveArea): number {
  const rows = Math.max(2, area.rows);
  if (estimatedRows(text, from, area.columns) <= Math.floor(rows / 2)) return from;
  const cuts = findCuts(text, from);
  const paragraphFits =
    cuts.paragraph > from && estimatedRows(text, cuts.paragraph, area.columns) < rows;
  if (paragraphFits) return cuts.paragraph;
  const best = Math.max(cuts.paragraph, cuts.line);
  if (best > from && estimatedRows(text, from, area.columns) >= rows) return best;
  return cuts.paragraph > from ? cuts.paragraph : from;
}
