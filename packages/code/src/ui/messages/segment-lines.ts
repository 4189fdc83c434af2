// The lines of one history segment, rendered once when Ink writes it.

import { paint, visibleWidth } from '../render/ansi.js';
import { blockLines, streamPieceLines, usageLine } from '../render/block-lines.js';
import { paragraphLines } from './live-paragraphs.js';
import { wrapToLines } from '../render/styled-text.js';
import type { StaticSegment } from '../freeze/output-units.js';
import type { UiNote } from '../notes.js';

function noteLines(note: UiNote, width: number): string[] {
  const style =
    note.level === 'error'
      ? ({ color: 'red' } as const)
      : note.level === 'warning'
        ? ({ color: 'yellow' } as const)
        : ({ dim: true } as const);
  // A line that fits is kept as written (help tables line up by their spaces); a longer one
  // wraps, keeping its indentation.
  return note.text.split('\n').flatMap((line) => {
    if (visibleWidth(line) <= width) return [paint(line, style)];
    const indent = /^ */.exec(line)?.[0] ?? '';
    return wrapToLines([{ text: line.slice(indent.length), style }], width, {
      first: indent,
      rest: indent,
    });
  });
}

function bodyLines(segment: StaticSegment, width: number): string[] {
  switch (segment.kind) {
    case 'stream-piece': {
      const { block, role } = segment;
      const piece = (text: string) =>
        streamPieceLines(
          block,
          role,
          text,
          { first: segment.start === 0, ended: segment.ended },
          width,
        );
      const text = block.content.slice(segment.start, segment.end);
      // A reply's paragraphs as the live area laid them out (the same lines, mostly kept).
      if (block.type !== 'text' || role === 'user') return piece(text);
      return paragraphLines(text, segment.end, width, piece);
    }
    case 'block':
      return blockLines(segment.block, segment.role, width, 'collapsed');
    case 'usage':
      return [usageLine(segment.usage, width)];
    case 'note':
      return noteLines(segment.note, width);
  }
}

export function segmentLines(segment: StaticSegment, width: number): string[] {
  const lines = bodyLines(segment, width);
  return segment.gapBefore ? ['', ...lines] : lines;
}

/** A hint line, dim. */
export function hintLine(text: string): string {
  return paint(text, { dim: true });
}
