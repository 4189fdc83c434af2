// A user message's attachment as a chip under its text: `📎 src/a.ts:3-9 · 1.2 KB · truncated`,
// `🖼 shot.png · 48 KB`. One line, never wider than the terminal: a long path loses its start,
// the size and the notes stay. Widths by grapheme cluster, as Ink measures (text-width.ts).

import type { AttachmentBlock } from '@wave-agent/shared-protocol';
import { visibleText } from '../../terminal/terminal-text.js';
import { paint } from './ansi.js';
import { truncateAnsiLine } from './ansi-lines.js';
import { fitPath } from './path-fit.js';
import { textWidth } from './text-width.js';

const INDENT = '  ';
const GLYPHS = { file: '📎', image: '🖼' } as const;

/** A byte count as people read it: 512 B, 1.2 KB, 48 KB, 3.4 MB. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value < 10 ? value.toFixed(1).replace(/\.0$/, '') : String(Math.round(value));
  return `${shown} ${units[unit]}`;
}

export function attachmentLines(block: AttachmentBlock, width: number): string[] {
  const glyph = `${INDENT}${GLYPHS[block.kind]} `;
  const lines = block.lines ? `:${block.lines.from}-${block.lines.to}` : '';
  const notes = [sizeText(block.bytes), ...(block.truncated ? ['truncated'] : [])]
    .map((note) => ` · ${note}`)
    .join('');
  // The name is a stranger's (a file's, a pasted image's): no control character goes through.
  const room = width - textWidth(glyph) - lines.length - notes.length;
  const name = fitPath(visibleText(block.name), Math.max(1, room));
  const line = `${glyph}${paint(name + lines, { color: 'cyan' })}${paint(notes, { dim: true })}`;
  return [truncateAnsiLine(line, width)];
}
