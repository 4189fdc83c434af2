// The expanded view (Ctrl+O): the conversation as it was when the user switched, with full tool
// parameters and results, shown as the last lines that fit. Rendered from the end backwards,
// so a long conversation costs only what is shown.

import type { Message } from '@wave-agent/shared-protocol';
import { blockLines, usageLine } from '../render/block-lines.js';

const cache = new WeakMap<Message, Map<string, readonly string[]>>();

function messageLines(message: Message, columns: number, takenAt: number): readonly string[] {
  let byLayout = cache.get(message);
  if (!byLayout) {
    byLayout = new Map();
    cache.set(message, byLayout);
  }
  const key = `${columns}|${takenAt}`;
  const known = byLayout.get(key);
  if (known) return known;
  const lines: string[] = [''];
  message.blocks.forEach((block, index) => {
    const toolAfterTool =
      index > 0 &&
      (block.type === 'tool' || block.type === 'bang') &&
      ['tool', 'bang'].includes(message.blocks[index - 1]?.type ?? '');
    if (index > 0 && !toolAfterTool) lines.push('');
    lines.push(...blockLines(block, message.role, columns, 'expanded', takenAt));
  });
  if (message.usage) lines.push(usageLine(message.usage, columns));
  byLayout.set(key, lines);
  return lines;
}

export interface SnapshotWindow {
  readonly lines: readonly string[];
  /** Lines of the snapshot below the window (scrolled up by this much). */
  readonly scroll: number;
  /** Whether there is more above the window. */
  readonly moreAbove: boolean;
}

/** The window of `rows` lines ending `scroll` lines above the snapshot's end. */
export function snapshotWindow(
  messages: readonly Message[],
  columns: number,
  rows: number,
  scroll: number,
  takenAt: number,
): SnapshotWindow {
  const wanted = rows + Math.max(0, scroll);
  const collected: (readonly string[])[] = [];
  let count = 0;
  for (let index = messages.length - 1; index >= 0 && count < wanted + 1; index -= 1) {
    const message = messages[index];
    if (!message) continue;
    const lines = messageLines(message, columns, takenAt);
    collected.unshift(lines);
    count += lines.length;
  }
  const all = collected.flat();
  const clampedScroll = Math.min(Math.max(0, scroll), Math.max(0, all.length - rows));
  const end = all.length - clampedScroll;
  const start = Math.max(0, end - rows);
  return {
    lines: all.slice(start, end),
    scroll: clampedScroll,
    moreAbove: start > 0 || collected.length < messages.length,
  };
}
