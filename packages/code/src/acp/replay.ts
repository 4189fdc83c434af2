// session/load: a stored session's messages → the updates that show it, before the load is
// answered. User text as user_message_chunk; text, reasoning and tool calls as the live stream
// showed them (one chunk per block, a tool call and its end), from the same builders as the
// live updates, so an editor that loads a session ends up showing what it did while it streamed.
import { blockView } from '@wave-agent/shared-protocol';
import type { Message, SessionState } from '@wave-agent/shared-protocol';
import { blockViewUpdates } from './block-updates.js';
import { toolCallEnded, toolCallStarted } from './tool-calls.js';
import { chunkUpdate, planUpdate, usageUpdate, userChunk } from './update-parts.js';
import type { SessionUpdate, UpdateContext } from './update-parts.js';

function messageUpdates(message: Message, context: UpdateContext): SessionUpdate[] {
  const { id } = message;
  const updates = message.blocks.flatMap((block, index): SessionUpdate[] => {
    switch (block.type) {
      case 'text':
        if (block.content === '') return [];
        return [
          message.role === 'user'
            ? userChunk(id, block.content)
            : chunkUpdate('text', id, block.content),
        ];
      case 'reasoning':
        return block.content === '' ? [] : [chunkUpdate('reasoning', id, block.content)];
      case 'tool': {
        const facts = { block, messageId: id };
        return [toolCallStarted(facts), toolCallEnded(facts, context.workdir)];
      }
      default:
        // Every other kind from its view: the user's words, or what Wave says.
        return blockViewUpdates(blockView(block), id, `${id}/${index}`, context);
    }
  });
  return [...updates, ...(message.usage ? usageUpdate(context, message.usage) : [])];
}

export function replayUpdates(state: SessionState, context: UpdateContext): SessionUpdate[] {
  return [
    ...state.conversation.messages.flatMap((message) => messageUpdates(message, context)),
    ...(state.title !== undefined
      ? [{ sessionUpdate: 'session_info_update', title: state.title } as const]
      : []),
    ...(state.todos.length > 0 ? [planUpdate(state.todos)] : []),
  ];
}
