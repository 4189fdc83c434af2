// Every kind of block as terminal lines, collapsed or expanded. Pure functions of the block,
// the width and (for a live reasoning header) the clock.

import type {
  Block,
  ReasoningBlock,
  Role,
  TextBlock,
  ToolBlock,
  Usage,
} from '@wave-agent/shared-protocol';
import { blockView, formatCount } from '@wave-agent/shared-protocol';
import { paint } from './ansi.js';
import { terminalText } from '../../terminal/terminal-text.js';
import { truncateAnsiLine } from './ansi-lines.js';
import { blockViewLines } from './block-view-lines.js';
import { renderMarkdown } from './markdown.js';
import { wrapToLines } from './styled-text.js';
import { thinkingLabel, thoughtLabel } from './thinking-labels.js';
import { collapsedToolLines, expandedToolLines } from './tool-lines.js';
import {
  subagentActivityLines,
  subagentDoneLine,
  subagentTranscriptLines,
} from './subagent-lines.js';

export type ViewMode = 'collapsed' | 'expanded';

export type StreamBlock = TextBlock | ReasoningBlock;

export function isStreamBlock(block: Block): block is StreamBlock {
  return block.type === 'text' || block.type === 'reasoning';
}

/** How a piece of a text or reasoning block is framed (a block may be shown in several pieces). */
export interface PieceFrame {
  /** The piece starts the block: reasoning shows its header. */
  readonly first: boolean;
  /** The block had ended when the piece was made: the header (or a trailer) shows the duration. */
  readonly ended: boolean;
  /** For a live piece: now, to tick the "Thinking 9s" header. */
  readonly now?: number;
}

const REASONING_STYLE = { dim: true, italic: true } as const;

function reasoningHeader(block: ReasoningBlock, frame: PieceFrame): string {
  let label: string;
  if (frame.ended) label = thoughtLabel(block.startedAt, block.endedAt);
  // Static output cannot tick: a piece written while thinking says so without a number.
  else label = frame.now === undefined ? 'Thinking…' : thinkingLabel(block.startedAt, frame.now);
  return paint(`✻ ${label}`, { dim: true, color: 'magenta' });
}

function reasoningPieceLines(
  block: ReasoningBlock,
  text: string,
  frame: PieceFrame,
  width: number,
): string[] {
  const trimmed = text.replace(/^\n+|\n+$/g, '');
  const body =
    trimmed.trim() === ''
      ? []
      : wrapToLines([{ text: trimmed, style: REASONING_STYLE }], width, {
          first: '  ',
          rest: '  ',
        });
  // The header (with the duration, once known) always stands above the body it is about.
  const live = frame.now !== undefined;
  if (live || frame.first) return [reasoningHeader(block, frame), ...body];
  return body;
}

function userTextLines(text: string, width: number): string[] {
  const prompt = paint('> ', { bold: true, color: 'cyan' });
  return wrapToLines([{ text }], width, { first: prompt, rest: '  ' });
}

/** Lines for `text`, a piece of a text or reasoning block. */
export function streamPieceLines(
  block: StreamBlock,
  role: Role,
  piece: string,
  frame: PieceFrame,
  width: number,
): string[] {
  const text = terminalText(piece);
  if (block.type === 'reasoning') return reasoningPieceLines(block, text, frame, width);
  if (role === 'user') return userTextLines(text, width);
  return renderMarkdown(text, width);
}

const safeBlocks = new WeakMap<Block, Block>();

/**
 * The block with every string in it made safe for the terminal (terminalText): the words, the
 * parameters, the output and the errors are a stranger's. Kept per block: blocks never change.
 */
function safeBlock(block: Block): Block {
  const known = safeBlocks.get(block);
  if (known) return known;
  let safe: Block = block;
  for (const [key, value] of Object.entries(block)) {
    if (typeof value !== 'string') continue;
    const clean = terminalText(value);
    if (clean !== value) safe = { ...safe, [key]: clean };
  }
  safeBlocks.set(block, safe);
  return safe;
}

/** Lines for a whole block. Text and reasoning blocks render in full, as one piece. */
export function blockLines(
  given: Block,
  role: Role,
  width: number,
  mode: ViewMode,
  now?: number,
): string[] {
  const block = safeBlock(given);
  switch (block.type) {
    case 'text':
    case 'reasoning':
      return streamPieceLines(
        block,
        role,
        block.content,
        { first: true, ended: block.stage === 'end', ...(now !== undefined ? { now } : {}) },
        width,
      );
    case 'tool':
      if (block.thread !== undefined) return taskLines(block, width, mode, now);
      return mode === 'expanded'
        ? expandedToolLines(block, width)
        : collapsedToolLines(block, width);
    default:
      // Every other kind is drawn from its view, by its shape.
      return blockViewLines(blockView(block), width, mode === 'expanded');
  }
}

/** A Task call: its card, with the subagent's live activity, or its whole transcript expanded. */
function taskLines(block: ToolBlock, width: number, mode: ViewMode, now?: number): string[] {
  const thread = block.thread ?? [];
  if (mode === 'expanded') {
    // The transcript ends with the report, so the result is not shown a second time.
    const { result: _report, ...card } = block;
    return [
      ...expandedToolLines(card, width),
      ...subagentTranscriptLines(thread, width, (inner, role, innerWidth) =>
        blockLines(inner, role, innerWidth, 'expanded', now),
      ),
    ];
  }
  const [glyphed = ''] = collapsedToolLines(block, width);
  if (block.stage === 'end' && block.error === undefined)
    return [glyphed, subagentDoneLine(thread, width)];
  if (block.stage === 'end') return collapsedToolLines(block, width);
  return [glyphed, ...subagentActivityLines(thread, width)];
}

export function usageLine(usage: Usage, width: number): string {
  const parts = [`${formatCount(usage.inputTokens)} in`, `${formatCount(usage.outputTokens)} out`];
  if (usage.cachedInputTokens) parts.push(`${formatCount(usage.cachedInputTokens)} cached`);
  if (usage.reasoningTokens) parts.push(`${formatCount(usage.reasoningTokens)} reasoning`);
  return truncateAnsiLine(paint(`  ↳ ${parts.join(' · ')} tokens`, { dim: true }), width);
}
