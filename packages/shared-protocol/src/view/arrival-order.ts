// A message as a UI shows it (the terminal and the chat UI alike): its blocks in the order their
// content arrived. Text and reasoning that alternate in one call (R1 → T1 → R2 → T2) extend the
// same two blocks (ARCHITECTURE §2.7), and the reducer lists the stretches in arrival order
// (`Message.stretches`); here each stretch becomes a block of its own, a reasoning one timed by
// its own segment, so a UI shows R1, T1, R2, T2 in that order, each reasoning with its own header
// and duration. A view derived from one message, not state: the reducer's message is untouched.

import type { Block, Message, ReasoningBlock, StreamStretch, TextBlock } from '../messages.js';

/** Shown messages by message object: an unchanged message keeps its shown object. */
const shownCache = new WeakMap<Message, Message>();

/** The clock of the `nth` stretch of a reasoning block (its segment, or the block's own). */
function stretchClock(block: ReasoningBlock, nth: number, ended: boolean): Partial<ReasoningBlock> {
  const segment = block.segments?.[nth];
  const startedAt = segment ? segment.startedAt : block.startedAt;
  const endedAt = segment ? segment.endedAt : block.endedAt;
  return {
    ...(startedAt !== undefined ? { startedAt } : {}),
    ...(ended && endedAt !== undefined ? { endedAt } : {}),
  };
}

function stretchBlock(
  block: Block,
  stretch: StreamStretch,
  next: StreamStretch | undefined,
  nth: number,
): TextBlock | ReasoningBlock | undefined {
  if (block.type !== 'text' && block.type !== 'reasoning') return undefined;
  const content = block.content.slice(stretch.from, next?.from);
  // A later stretch of the same block exists: this one has ended.
  const stage = next === undefined ? block.stage : 'end';
  if (block.type === 'text') return { type: 'text', content, stage };
  return { type: 'reasoning', content, stage, ...stretchClock(block, nth, stage === 'end') };
}

function arranged(message: Message, stretches: readonly StreamStretch[]): Message {
  const blocks: Block[] = [];
  const seen = new Map<number, number>();
  let placed = 0;
  /** Blocks of other kinds before `index` take their place first (no stretch crosses them). */
  const placeOthersBefore = (index: number) => {
    for (; placed < index; placed++) {
      const block = message.blocks[placed];
      if (block && block.type !== 'text' && block.type !== 'reasoning') blocks.push(block);
    }
  };
  stretches.forEach((stretch, position) => {
    const block = message.blocks[stretch.blockIndex];
    if (block === undefined) return;
    placeOthersBefore(stretch.blockIndex);
    const nth = seen.get(stretch.blockIndex) ?? 0;
    seen.set(stretch.blockIndex, nth + 1);
    const next = stretches
      .slice(position + 1)
      .find((later) => later.blockIndex === stretch.blockIndex);
    const shown = stretchBlock(block, stretch, next, nth);
    // An empty stretch that has ended shows nothing (a reopen that brought no text).
    if (shown && (shown.content !== '' || shown.stage === 'streaming')) blocks.push(shown);
  });
  placeOthersBefore(message.blocks.length);
  return { ...message, blocks };
}

/** `message` with its blocks in arrival order; the message itself when that is its order. */
export function inArrivalOrder(message: Message): Message {
  if (message.stretches === undefined) return message;
  const cached = shownCache.get(message);
  if (cached) return cached;
  const shown = arranged(message, message.stretches);
  shownCache.set(message, shown);
  return shown;
}
