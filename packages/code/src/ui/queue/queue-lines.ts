// The messages waiting for the running turn, shown under the live area, numbered, with the
// keys that edit them — so a user finds the feature without reading the docs.

import type { QueuedMessage } from '@wave-agent/shared-protocol';
import { paint } from '../render/ansi.js';
import { visibleText } from '../../terminal/terminal-text.js';
import { truncateAnsiLine } from '../render/ansi-lines.js';

/** Queued messages listed at most; the rest are counted. */
export const QUEUE_LINES_SHOWN = 5;

export const QUEUE_HINT = '↑ on an empty prompt edits the last queued message';
export const QUEUE_EDIT_HINT =
  'Enter saves · an empty text or Ctrl+D deletes it · Esc cancels · ↑/↓ other ones';

function firstLine(text: string): string {
  const lines = text.trim().split('\n');
  return lines.length > 1 ? `${lines[0] ?? ''} …` : (lines[0] ?? '');
}

/** Its attachments' names after the text, where the line has room left (the cut takes them first). */
function attachmentNames(message: QueuedMessage): string {
  const names = message.attachments ?? [];
  return names.length === 0
    ? ''
    : paint(` · 📎 ${names.map(visibleText).join(', ')}`, { dim: true });
}

export const EDITED_MESSAGE_SENT =
  '✎ the message you are editing was sent meanwhile · Enter sends your text as a new message · Esc drops it';

export function queueLines(
  queue: readonly QueuedMessage[],
  editingId: string | undefined,
  width: number,
): string[] {
  // Its turn came while it was being edited: say so, or Enter would surprise.
  if (editingId !== undefined && !queue.some((message) => message.id === editingId))
    return [truncateAnsiLine(paint(EDITED_MESSAGE_SENT, { color: 'yellow' }), width)];
  if (queue.length === 0) return [];
  const hidden = Math.max(0, queue.length - QUEUE_LINES_SHOWN);
  const lines = queue.slice(hidden).map((message, offset) => {
    const number = hidden + offset + 1;
    // The one being edited is in the prompt below; its text is not shown twice.
    const line =
      message.id === editingId
        ? paint(`✎ queued ${number}: being edited in the prompt below`, { color: 'cyan' })
        : `${paint(`⧗ queued ${number}: `, { dim: true })}${firstLine(message.text)}${attachmentNames(message)}`;
    return truncateAnsiLine(line, width);
  });
  if (hidden > 0) lines.unshift(paint(`  … ${hidden} more queued before these`, { dim: true }));
  lines.push(
    truncateAnsiLine(paint(`  ${editingId ? QUEUE_EDIT_HINT : QUEUE_HINT}`, { dim: true }), width),
  );
  return lines;
}
