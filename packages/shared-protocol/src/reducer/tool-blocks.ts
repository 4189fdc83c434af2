// Tool-call steps, addressed by (messageId, tool-call id). `running` and `end` carry the
// authoritative fields, so a consumer that missed earlier steps still ends up right
// (ARCHITECTURE §2.8): a step for a block it never saw creates the block. A step that leaves
// `parameters` or `compactParams` out keeps the block's: a session file (format 2), read from its
// first line, leaves them out of `running` and `end` when its earlier lines already gave them.

import type { ToolBlockUpdatedEvent } from '../events.js';
import type { ConversationState } from '../conversation.js';
import { conversationFrom } from '../conversation.js';
import type { Message, ToolBlock, ToolStage } from '../messages.js';
import { withoutUndefined } from './copy-helpers.js';
import { grown } from './grown-text.js';
import { withBlockAppended, withBlockReplaced } from './message-blocks.js';

type ToolStep = (block: ToolBlock, event: ToolBlockUpdatedEvent) => ToolBlock;

const toolSteps: { readonly [S in ToolStage]: ToolStep } = {
  // A repeated announcement changes nothing.
  start: (block) => block,
  streaming: (block, event) => ({
    ...block,
    stage: 'streaming',
    parameters: grown(block.parameters, event.parametersChunk ?? ''),
    compactParams: event.compactParams ?? block.compactParams,
    providerMetadata: event.providerMetadata ?? block.providerMetadata,
  }),
  running: (block, event) => ({
    ...block,
    stage: 'running',
    name: event.name,
    parameters: event.parameters ?? block.parameters,
    compactParams: event.compactParams ?? block.compactParams,
    result:
      event.resultChunk === undefined ? block.result : grown(block.result ?? '', event.resultChunk),
    shortResult: event.shortResult ?? block.shortResult,
    sandboxed: event.sandboxed ?? block.sandboxed,
    unasked: event.unasked ?? block.unasked,
  }),
  end: (block, event) => ({
    ...block,
    stage: 'end',
    parameters: event.parameters ?? block.parameters,
    compactParams: event.compactParams ?? block.compactParams,
    result: event.result ?? block.result,
    shortResult: event.shortResult ?? block.shortResult,
    error: event.error ?? block.error,
    sandboxed: event.sandboxed ?? block.sandboxed,
    unasked: event.unasked ?? block.unasked,
  }),
};

/** The block a first step creates: announced with whatever the step already knows. */
function announcedTool(event: ToolBlockUpdatedEvent): ToolBlock {
  return withoutUndefined<ToolBlock>({
    type: 'tool',
    id: event.id,
    name: event.name,
    stage: 'start',
    parameters: event.stage === 'streaming' ? '' : (event.parameters ?? ''),
    compactParams: event.compactParams,
  });
}

export function withToolStep(message: Message, event: ToolBlockUpdatedEvent): Message {
  const index = message.blocks.findLastIndex(
    (block) => block.type === 'tool' && block.id === event.id,
  );
  const current = message.blocks[index];
  const step = toolSteps[event.stage];
  if (current?.type === 'tool') {
    return withBlockReplaced(message, index, withoutUndefined(step(current, event)));
  }
  return withBlockAppended(message, withoutUndefined(step(announcedTool(event), event)));
}

/**
 * The message with the thread of tool block `toolCallId` changed by `reduce` (the one reducer,
 * applied to the thread as to any conversation); undefined when the message has no such block
 * or the thread did not match the event (a consumer that missed part of the stream).
 */
export function withThreadEvent(
  message: Message,
  toolCallId: string,
  reduce: (thread: ConversationState) => ConversationState,
): Message | undefined {
  const index = message.blocks.findLastIndex(
    (block) => block.type === 'tool' && block.id === toolCallId,
  );
  const current = message.blocks[index];
  if (current?.type !== 'tool') return undefined;
  const before = current.thread ?? [];
  const reduced = reduce(conversationFrom(before));
  if (reduced.unmatchedEvents > 0) return undefined;
  if (reduced.messages === before) return message;
  return withBlockReplaced(message, index, { ...current, thread: reduced.messages });
}
