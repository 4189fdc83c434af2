// Copy-on-write edits of one message's block list.

import type { Block, Message } from '../messages.js';
import { replacedAt, sameFields } from './copy-helpers.js';

/** The message with `block` added at the end. */
export function withBlockAppended(message: Message, block: Block): Message {
  return { ...message, blocks: [...message.blocks, block] };
}

/**
 * The message with the block at `index` replaced by `next`; the same message when `next`
 * has the same fields as the block it replaces (the update changed nothing).
 */
export function withBlockReplaced(message: Message, index: number, next: Block): Message {
  const current = message.blocks[index];
  if (current === undefined || current === next || sameFields(current, next)) return message;
  return { ...message, blocks: replacedAt(message.blocks, index, next) };
}
