// session/load: a stored session's messages → the updates that show it, before the load is
// answered. User text as user_message_chunk; text, reasoning and tool calls as the live stream
// showed them (one chunk per block, a tool call and its end), from the same builders as the
// live updates, so an editor that loads a session ends up showing what it did while it streamed.
import { attachmentLabel, hookRunSummary } from '@wave-agent/shared-protocol';
import type { HookRun, Message, SessionState } from '@wave-agent/shared-protocol';
import { toolCallEnded, toolCallStarted } from './tool-calls.js';
import {
  chunkUpdate,
  COMPACTED,
  noticeUpdate,
  planUpdate,
  usageUpdate,
  userChunk,
} from './update-parts.js';
import type { SessionUpdate, UpdateContext } from './update-parts.js';

/** A hook that blocked, failed or was ended is worth the user's eye; one that ran is not. */
export function hookLevel(run: HookRun): 'info' | 'warning' {
  return run.outcome === undefined || run.outcome === 'ok' ? 'info' : 'warning';
}

function messageUpdates(message: Message, context: UpdateContext): SessionUpdate[] {
  const { id } = message;
  const updates = message.blocks.flatMap((block): SessionUpdate[] => {
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
      case 'bang':
        // A `!command` typed in the terminal: the user's words.
        return [userChunk(id, `!${block.command}\n${block.output}`)];
      case 'error':
        return [noticeUpdate(context, `${id}/error`, 'error', block.message)];
      case 'notice':
        return [noticeUpdate(context, id, block.level, block.message)];
      case 'compact':
        return [noticeUpdate(context, id, 'info', COMPACTED)];
      case 'hook':
        return [noticeUpdate(context, id, hookLevel(block), hookRunSummary(block))];
      case 'attachment':
        // What the user attached, named as they saw it: the content stays in Wave's store.
        return [userChunk(id, `\n📎 ${attachmentLabel(block)}`)];
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
