// Bounded views of long text: the last lines of a tool's output, the end of a long live reply.
// Both look only at the end of the string, so a 5,000-line output costs what five lines cost.

import { isFenceClose, parseFenceOpen } from './code-fence.js';
import type { Fence } from './code-fence.js';

/** The last `count` lines of `text` (a trailing newline does not count as an empty line). */
export function lastLines(text: string, count: number): string[] {
  if (count <= 0 || text === '') return [];
  const trimmed = text.endsWith('\n') ? text.slice(0, -1) : text;
  let end = trimmed.length;
  const lines: string[] = [];
  while (lines.length < count) {
    const start = trimmed.lastIndexOf('\n', end - 1);
    lines.unshift(trimmed.slice(start + 1, end));
    if (start === -1) break;
    end = start;
  }
  return lines;
}

/** How many lines `text` has (a trailing newline does not start another). */
export function lineCount(text: string): number {
  if (text === '') return 0;
  let count = 1;
  let index = text.indexOf('\n');
  while (index !== -1 && index < text.length - 1) {
    count += 1;
    index = text.indexOf('\n', index + 1);
  }
  return count;
}

export interface MarkdownTail {
  /** Markdown to render: the last lines, reopened with their code fence when cut inside one. */
  readonly text: string;
  /** Lines of the original left out before `text`. */
  readonly hiddenLines: number;
}

/**
 * The end of a long markdown text, at most `maxLines` source lines, for a live view that
 * shows only what fits. When the cut falls inside a fenced code block its opening fence is
 * repeated, so the kept lines still render (and highlight) as code.
 */
export function markdownTail(text: string, maxLines: number): MarkdownTail {
  const total = lineCount(text);
  if (total <= maxLines) return { text, hiddenLines: 0 };
  const kept = lastLines(text, maxLines);
  const hiddenLines = total - kept.length;
  let fence: Fence | undefined;
  let position = 0;
  for (let line = 0; line < hiddenLines; line += 1) {
    const end = text.indexOf('\n', position);
    const current = text.slice(position, end === -1 ? text.length : end);
    if (fence) {
      if (isFenceClose(current, fence)) fence = undefined;
    } else {
      fence = parseFenceOpen(current);
    }
    position = end + 1;
  }
  const body = kept.join('\n') + (text.endsWith('\n') ? '\n' : '');
  return { text: fence ? `${fence.line}\n${body}` : body, hiddenLines };
}
