// What an attachment's chip says, the same in every UI: its name (with the lines attached), its
// size, and "cut" when the file was longer than an attachment holds.
import type { AttachmentBlock } from '../messages.js';

/** How a size reads on a chip or in a sentence: 812 B, 1.2 KB, 3.4 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** `path`, `path:3` or `path:3-9`: a file with the lines attached of it. */
export function linesLabel(
  path: string,
  lines?: { readonly from: number; readonly to: number },
): string {
  if (!lines) return path;
  return lines.from === lines.to ? `${path}:${lines.from}` : `${path}:${lines.from}-${lines.to}`;
}

/** `src/a.ts:3-9 · 1.2 KB`, `shot.png · 80.0 KB`, `big.log · 100.0 KB · cut`. */
export function attachmentLabel(block: AttachmentBlock): string {
  const cut = block.truncated ? ' · cut' : '';
  return `${linesLabel(block.name, block.lines)} · ${formatBytes(block.bytes)}${cut}`;
}
