// Text and reasoning deltas, and the one rule for which block a chunk extends (ARCHITECTURE §2.2):
// the message's last block of that kind, unless a tool or bang block came after it. Text and
// reasoning do not interrupt each other, so text → reasoning → text extends (reopens) the
// first text block. A reasoning block sealed by its provider's data is never reopened.

import type { AssistantContentUpdatedEvent, AssistantReasoningUpdatedEvent } from '../events.js';
import type { Block, Message, ReasoningBlock, ReasoningSegment, TextBlock } from '../messages.js';
import { withoutUndefined } from './copy-helpers.js';
import { compacted, grown } from './grown-text.js';
import { withBlockAppended, withBlockReplaced } from './message-blocks.js';

type StreamBlock = TextBlock | ReasoningBlock;

/** Blocks that close the current text and reasoning blocks: a chunk after them starts anew. */
function interruptsStreaming(block: Block): boolean {
  return block.type === 'tool' || block.type === 'bang';
}

/** Index of the current block of `kind`, or -1 when there is none. */
export function currentStreamBlockIndex(
  blocks: readonly Block[],
  kind: StreamBlock['type'],
): number {
  for (let index = blocks.length - 1; index >= 0; index -= 1) {
    const block = blocks[index];
    if (block === undefined || interruptsStreaming(block)) return -1;
    if (block.type === kind) return index;
  }
  return -1;
}

/**
 * A block that had ended streams again: its new content is a stretch of its own, after those
 * that arrived meanwhile. The first reopen lists the stretches before it, one per stream block.
 */
function withReopenRecorded(message: Message, index: number, from: number): Message {
  const earlier =
    message.stretches ??
    message.blocks.flatMap((block, blockIndex) =>
      block.type === 'text' || block.type === 'reasoning' ? [{ blockIndex, from: 0 }] : [],
    );
  return { ...message, stretches: [...earlier, { blockIndex: index, from }] };
}

/**
 * A new text or reasoning block; once the message lists its stretches (a block reopened), the
 * new block's content is a stretch too, after those before it.
 */
function withStreamBlockAppended(message: Message, block: StreamBlock): Message {
  const next = withBlockAppended(message, block);
  if (message.stretches === undefined) return next;
  return {
    ...next,
    stretches: [...message.stretches, { blockIndex: message.blocks.length, from: 0 }],
  };
}

/** The same test as a reasoning block's new segment: one stretch per segment. */
function reopens(block: StreamBlock, stage: StreamBlock['stage']): boolean {
  return block.stage === 'end' && stage === 'streaming';
}

/** A block's content with the chunk, in one piece once the block ends (grown-text.ts). */
function grownContent(content: string, chunk: string, stage: 'streaming' | 'end'): string {
  const text = grown(content, chunk);
  return stage === 'end' ? compacted(text) : text;
}

export function withContentDelta(message: Message, event: AssistantContentUpdatedEvent): Message {
  const index = currentStreamBlockIndex(message.blocks, 'text');
  const current = message.blocks[index];
  // An empty streaming chunk says nothing: no new block (e.g. after a tool card), no ended
  // block reopened — no change at all (Cline #9148, #9235); provider data alone goes on the
  // current block, as it is.
  if (event.stage === 'streaming' && event.chunk === '') {
    if (event.providerMetadata === undefined || current?.type !== 'text') return message;
    return withBlockReplaced(message, index, {
      ...current,
      providerMetadata: event.providerMetadata,
    });
  }
  if (current?.type === 'text') {
    const providerMetadata = event.providerMetadata ?? current.providerMetadata;
    const next = withBlockReplaced(message, index, {
      type: 'text',
      content: grownContent(current.content, event.chunk, event.stage),
      stage: event.stage,
      ...(providerMetadata ? { providerMetadata } : {}),
    });
    return reopens(current, event.stage)
      ? withReopenRecorded(next, index, current.content.length)
      : next;
  }
  // An end with nothing to end and nothing to say creates no empty block.
  if (event.stage === 'end' && event.chunk === '') return message;
  return withStreamBlockAppended(message, {
    type: 'text',
    content: event.chunk,
    stage: event.stage,
    ...(event.providerMetadata ? { providerMetadata: event.providerMetadata } : {}),
  });
}

export function withReasoningDelta(
  message: Message,
  event: AssistantReasoningUpdatedEvent,
): Message {
  const index = currentStreamBlockIndex(message.blocks, 'reasoning');
  const current = message.blocks[index];
  if (current?.type === 'reasoning' && !sealed(current, event)) {
    const next = withBlockReplaced(message, index, extendedReasoning(current, event));
    return reopens(current, event.stage)
      ? withReopenRecorded(next, index, current.content.length)
      : next;
  }
  // Provider data alone (e.g. a redacted-thinking signature) still needs a block to travel in.
  if (event.stage === 'end' && event.chunk === '' && event.providerMetadata === undefined) {
    return message;
  }
  return withStreamBlockAppended(
    message,
    withoutUndefined<ReasoningBlock>({
      type: 'reasoning',
      content: event.chunk,
      stage: event.stage,
      startedAt: event.startedAt,
      endedAt: event.stage === 'end' ? event.endedAt : undefined,
      providerMetadata: event.providerMetadata,
    }),
  );
}

/**
 * A reasoning block that ended with the provider's data (a signed Anthropic thinking block, a
 * redacted one) goes back to the provider exactly as it came: more reasoning after it starts a
 * block of its own instead of reopening it.
 */
function sealed(block: ReasoningBlock, event: AssistantReasoningUpdatedEvent): boolean {
  return (
    block.stage === 'end' && event.stage === 'streaming' && block.providerMetadata !== undefined
  );
}

/**
 * The block's clock survives a reopen; streaming again makes the block live (no endedAt). A
 * reopen starts a new stretch with the event's own clock, and an end ends the last stretch.
 */
function extendedReasoning(
  block: ReasoningBlock,
  event: AssistantReasoningUpdatedEvent,
): ReasoningBlock {
  return withoutUndefined<ReasoningBlock>({
    ...block,
    content: grownContent(block.content, event.chunk, event.stage),
    stage: event.stage,
    startedAt: block.startedAt ?? event.startedAt,
    endedAt: event.stage === 'end' ? (event.endedAt ?? block.endedAt) : undefined,
    segments: segmentsAfter(block, event),
    providerMetadata: event.providerMetadata ?? block.providerMetadata,
  });
}

function segmentsAfter(
  block: ReasoningBlock,
  event: AssistantReasoningUpdatedEvent,
): readonly ReasoningSegment[] | undefined {
  if (block.stage === 'end' && event.stage === 'streaming') {
    const earlier = block.segments ?? [
      withoutUndefined<ReasoningSegment>({
        from: 0,
        startedAt: block.startedAt,
        endedAt: block.endedAt,
      }),
    ];
    const from = block.content.length;
    return [...earlier, withoutUndefined<ReasoningSegment>({ from, startedAt: event.startedAt })];
  }
  const last = block.segments?.at(-1);
  if (block.segments === undefined || last === undefined) return block.segments;
  // The same rules as the block's own clock, for its last stretch.
  const updated = withoutUndefined<ReasoningSegment>({
    from: last.from,
    startedAt: last.startedAt ?? event.startedAt,
    endedAt: event.stage === 'end' ? (event.endedAt ?? last.endedAt) : undefined,
  });
  return [...block.segments.slice(0, -1), updated];
}

/** Ends every text and reasoning block still streaming (the model call is over). */
export function withStreamingBlocksEnded(message: Message): Message {
  if (!message.blocks.some(isStreaming)) return message;
  return {
    ...message,
    blocks: message.blocks.map((block) =>
      isStreaming(block) ? { ...block, stage: 'end' } : block,
    ),
  };
}

function isStreaming(block: Block): block is StreamBlock {
  return (block.type === 'text' || block.type === 'reasoning') && block.stage === 'streaming';
}
