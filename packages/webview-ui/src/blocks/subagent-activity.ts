// What a Task call's subagent is doing, read from its thread (the nested conversation the
// reducer builds from the child's own deltas): its tool calls, the one running now, and the end
// of what it last wrote — the collapsed card's live preview.
import {
  inArrivalOrder,
  type Block,
  type Message,
  type ReasoningBlock,
  type TextBlock,
  type ToolBlock,
} from '@wave-agent/shared-protocol';
import { tailLines } from './text-tail.js';

/** Characters of the latest writing looked at for the preview (its cost stays bounded). */
const PREVIEW_CHARS = 600;

/** In arrival order: after alternating text and thinking, the last block is what came last. */
function assistantBlocks(thread: readonly Message[]): Block[] {
  return thread
    .filter((message) => message.role === 'assistant')
    .flatMap((message) => inArrivalOrder(message).blocks);
}

/** How many tool calls the subagent made. */
export function toolUses(thread: readonly Message[]): number {
  return assistantBlocks(thread).filter((block) => block.type === 'tool').length;
}

/** The subagent's tool call still running, if any. */
export function runningTool(thread: readonly Message[]): ToolBlock | undefined {
  const last = assistantBlocks(thread).findLast(
    (block): block is ToolBlock => block.type === 'tool',
  );
  return last && last.stage !== 'end' ? last : undefined;
}

/** The last `lines` lines of what the subagent last wrote (its text or its reasoning). */
export function latestWriting(thread: readonly Message[], lines: number): string {
  const block = assistantBlocks(thread).findLast(
    (candidate): candidate is TextBlock | ReasoningBlock =>
      candidate.type === 'text' || candidate.type === 'reasoning',
  );
  if (!block) return '';
  return tailLines(block.content.slice(-PREVIEW_CHARS).trimEnd(), lines).text;
}
