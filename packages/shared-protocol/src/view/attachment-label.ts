// What an attachment's chip says, the same in every UI: its name (with the lines attached), its
// size, and "cut" when the file was longer than an attachment holds.
import type { AttachmentBlock } from '../messages.js';

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** `src/a.ts:3-9 · 1.2 KB`, `shot.png · 80.0 KB`, `big.log · 100.0 KB · cut`. */
export function attachmentLabel(block: AttachmentBlock): string {
  const lines = block.lines ? `:${block.lines.from}-${block.lines.to}` : '';
  const cut = block.truncated ? ' · cut' : '';
  return `${block.name}${lines} · ${size(block.bytes)}${cut}`;
}
