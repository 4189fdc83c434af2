// A block drawn from its view (shared-protocol's BlockView) as ACP updates, by whose words it is,
// never by its kind: the user's (a `!command`, an attachment) as their message's chunk; Wave's (a
// notice, an error, a hook run, a compaction) as a notice of the view's sentence, its severity
// from the view's tone. One builder for the live stream and a replayed session.
import type { Block, BlockView, HookRun, Message, ViewTone } from '@wave-agent/shared-protocol';
import { blockView, hookRunView, isViewedBlock } from '@wave-agent/shared-protocol';
import { noticeUpdate, userChunk } from './update-parts.js';
import type { SessionUpdate, Severity, UpdateContext } from './update-parts.js';

const SEVERITY: Readonly<Record<ViewTone, Severity>> = {
  plain: 'info',
  muted: 'info',
  good: 'info',
  warning: 'warning',
  bad: 'error',
};

/**
 * `messageId`: the message the block is in; `noteId`: the message a client without notices
 * shows Wave's words as (never inside the model's reply).
 */
export function blockViewUpdates(
  view: BlockView,
  messageId: string,
  noteId: string,
  context: UpdateContext,
): SessionUpdate[] {
  if (view.from === 'user') {
    // A chip follows the message's text on a line of its own; a card's output follows its line.
    const text =
      view.shape === 'chip'
        ? `\n${view.sentence}`
        : view.output === ''
          ? view.sentence
          : `${view.sentence}\n${view.output}`;
    return [userChunk(messageId, text)];
  }
  return [noticeUpdate(context, noteId, SEVERITY[view.tone], view.sentence)];
}

/** The block a delta just added to a message (its last), when it is drawn from a view. */
export function addedBlockView(message: Message | undefined): BlockView | undefined {
  const block: Block | undefined = message?.blocks.at(-1);
  return block !== undefined && isViewedBlock(block) ? blockView(block) : undefined;
}

/** A hook run of a message by id: a hook block, or one of a tool call's hooks. */
export function hookRunIn(message: Message | undefined, id: string): BlockView | undefined {
  for (const block of message?.blocks ?? []) {
    if (block.type === 'hook' && block.id === id) return blockView(block);
    const run: HookRun | undefined =
      block.type === 'tool' ? block.hooks?.find((each) => each.id === id) : undefined;
    if (run !== undefined) return hookRunView(run);
  }
  return undefined;
}
