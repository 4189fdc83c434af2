// A user message's attachment as a chip under its text: `📎 src/a.ts:3-9 · 1.2 KB · cut`,
// `🖼 shot.png · 48.0 KB` — the words of every UI (shared-protocol's attachmentLabel). One line,
// never wider than the terminal: a long path loses its start, the lines, size and notes stay.
// Widths by grapheme cluster, as Ink measures (text-width.ts).

import { attachmentLabel } from '@wave-agent/shared-protocol';
import type { AttachmentBlock } from '@wave-agent/shared-protocol';
import { visibleText } from '../../terminal/terminal-text.js';
import { paint } from './ansi.js';
import { truncateAnsiLine } from './ansi-lines.js';
import { fitPath } from './path-fit.js';
import { textWidth } from './text-width.js';

const INDENT = '  ';
const GLYPHS = { file: '📎', image: '🖼' } as const;

export function attachmentLines(block: AttachmentBlock, width: number): string[] {
  const glyph = `${INDENT}${GLYPHS[block.kind]} `;
  // The label after the name: the lines attached, the size, whether it was cut.
  const rest = attachmentLabel({ ...block, name: '' });
  // The name is a stranger's (a file's, a pasted image's): no control character goes through.
  const room = width - textWidth(glyph) - textWidth(rest);
  const name = fitPath(visibleText(block.name), Math.max(1, room));
  const line = `${glyph}${paint(name, { color: 'cyan' })}${paint(rest, { dim: true })}`;
  return [truncateAnsiLine(line, width)];
}
