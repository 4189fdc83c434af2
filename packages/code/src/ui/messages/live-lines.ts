// The lines of the live area: the unwritten ends of streaming blocks and the blocks still
// changing. Recomputed on every delta, so each item's lines are cached by block identity (the
// reducer keeps identity for untouched blocks) and a long tail renders only what fits.

import { blockLines, streamPieceLines } from '../render/block-lines.js';
import { markdownTail } from '../render/text-tail.js';
import type { Block } from '@wave-agent/shared-protocol';
import type { LiveItem } from '../freeze/output-units.js';
import { paragraphLines } from './live-paragraphs.js';
import { hintLine } from './segment-lines.js';

export interface LiveLayout {
  readonly columns: number;
  /** Rows the live area may take; it never shows more. */
  readonly rows: number;
}

const cache = new WeakMap<Block, Map<string, readonly string[]>>();

function cached(block: Block, key: string, make: () => readonly string[]): readonly string[] {
  let entries = cache.get(block);
  if (!entries) {
    entries = new Map();
    cache.set(block, entries);
  }
  let lines = entries.get(key);
  if (!lines) {
    lines = make();
    entries.set(key, lines);
  }
  return lines;
}

function itemLines(item: LiveItem, layout: LiveLayout, now: number): readonly string[] {
  if (item.kind === 'block') {
    // A block's lines depend on the block alone, except a streaming reasoning header (the clock).
    return cached(item.block, `block|${layout.columns}`, () =>
      blockLines(item.block, item.role, layout.columns, 'collapsed'),
    );
  }
  const { block, from } = item;
  const live = block.stage === 'streaming' && block.type === 'reasoning';
  const render = (): readonly string[] => {
    // Only the end that can be seen is rendered: a huge unfinished code block costs what fits.
    const tail = markdownTail(block.content.slice(from), layout.rows);
    const piece = (text: string) =>
      streamPieceLines(
        block,
        item.role,
        text,
        { first: from === 0, ended: block.stage === 'end', ...(live ? { now } : {}) },
        layout.columns,
      );
    // A reply's markdown is laid out a paragraph at a time; reasoning (one header above its
    // body) and a user's words (one prompt mark) as one piece.
    if (block.type !== 'text' || item.role === 'user') return piece(tail.text);
    return paragraphLines(tail.text, block.content.length, layout.columns, piece);
  };
  return live ? render() : cached(block, `tail|${from}|${layout.columns}|${layout.rows}`, render);
}

/** The live area's lines, at most `layout.rows`: when more, the last ones, under a hint. */
export function liveLines(items: readonly LiveItem[], layout: LiveLayout, now: number): string[] {
  const lines: string[] = [];
  for (const item of items) {
    if (item.gapBefore) lines.push('');
    lines.push(...itemLines(item, layout, now));
  }
  const rows = Math.max(1, layout.rows);
  if (lines.length <= rows) return lines;
  const kept = lines.slice(lines.length - (rows - 1));
  return [
    hintLine(`⋮ ${lines.length - kept.length} more lines above, shown in full once finished`),
    ...kept,
  ];
}
