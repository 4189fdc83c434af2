// The units the message list shows, in conversation order. A unit is written to the terminal's
// history (Ink <Static>) exactly once, or shown in the live area below it, which is redrawn.

import type { Block, Role, Usage } from '@wave-agent/shared-protocol';
import type { StreamBlock } from '../render/block-lines.js';
import type { UiNote } from '../notes.js';

interface BlockAddress {
  readonly messageId: string;
  readonly role: Role;
  readonly blockIndex: number;
}

/** `block.content.slice(start, end)` of a text or reasoning block, written once. */
export interface StreamPieceSegment extends BlockAddress {
  readonly kind: 'stream-piece';
  readonly key: string;
  readonly block: StreamBlock;
  readonly start: number;
  readonly end: number;
  /** The block had ended when this piece was written (its duration is known). */
  readonly ended: boolean;
  readonly gapBefore: boolean;
}

/** A finished block of another kind (tool, bang, error, notice, compact), written once. */
export interface WholeBlockSegment extends BlockAddress {
  readonly kind: 'block';
  readonly key: string;
  readonly block: Block;
  readonly gapBefore: boolean;
}

export interface UsageSegment {
  readonly kind: 'usage';
  readonly key: string;
  readonly messageId: string;
  readonly usage: Usage;
  readonly gapBefore: boolean;
}

export interface NoteSegment {
  readonly kind: 'note';
  readonly key: string;
  readonly note: UiNote;
  readonly gapBefore: boolean;
}

export type StaticSegment = StreamPieceSegment | WholeBlockSegment | UsageSegment | NoteSegment;

/** The not yet written end of a text or reasoning block: `block.content.slice(from)`. */
export interface LiveStreamTail extends BlockAddress {
  readonly kind: 'stream-tail';
  readonly key: string;
  readonly block: StreamBlock;
  readonly from: number;
  readonly gapBefore: boolean;
}

/** A block still changing (a tool starting, streaming or running), or one waiting behind it. */
export interface LiveBlock extends BlockAddress {
  readonly kind: 'block';
  readonly key: string;
  readonly block: Block;
  readonly gapBefore: boolean;
}

export type LiveItem = LiveStreamTail | LiveBlock;

/** What the previous unit was, to decide whether a blank line separates the next one. */
export interface UnitPosition {
  readonly messageId: string | undefined;
  readonly blockIndex: number;
  readonly blockType: Block['type'] | 'usage' | 'note';
}
