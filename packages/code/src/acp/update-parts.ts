// The small pieces both the live stream and a replayed session are made of: a chunk of text or
// reasoning, a line Wave itself says (a notice), how full the context is, the task list. Built
// in one place so a loaded session shows what the live one did.
import type * as acp from '@agentclientprotocol/sdk';
import type { Message, NoticeLevel, TodoItem, Usage } from '@wave-agent/shared-protocol';
import type { Channel, ChannelTexts } from './retry-join.js';

export type SessionUpdate = acp.SessionUpdate;

/** What shapes an update beyond the event: the client's capabilities, the model's window. */
export interface UpdateContext {
  readonly workdir: string;
  /** The client shows `notice` updates (clientCapabilities.session.notices). */
  readonly notices: boolean;
  /** The model's context window in tokens; usage_update needs it (absent: none is sent). */
  readonly contextWindow: number | undefined;
}

const CHUNK_UPDATE = {
  text: 'agent_message_chunk',
  reasoning: 'agent_thought_chunk',
} as const satisfies Record<Channel, SessionUpdate['sessionUpdate']>;

export function chunkUpdate(channel: Channel, messageId: string, text: string): SessionUpdate {
  return {
    sessionUpdate: CHUNK_UPDATE[channel],
    messageId,
    content: { type: 'text', text },
  };
}

export function userChunk(messageId: string, text: string): SessionUpdate {
  return { sessionUpdate: 'user_message_chunk', messageId, content: { type: 'text', text } };
}

export type Severity = NoticeLevel | 'error';

/**
 * Something Wave says (a retry wait, an error, a cut-off reply). A client that shows notices
 * gets one; any other gets it as a message of its own (never inside the model's reply), since
 * what it says still matters to the user.
 */
export function noticeUpdate(
  context: UpdateContext,
  id: string,
  severity: Severity,
  text: string,
): SessionUpdate {
  if (context.notices) return { sessionUpdate: 'notice', severity, title: text };
  const mark = severity === 'info' ? '' : '⚠ ';
  return chunkUpdate('text', id, `${mark}${text}\n`);
}

/** How full the context is after a model call: what it read and wrote is what it holds now. */
export function usageUpdate(context: UpdateContext, usage: Usage): SessionUpdate[] {
  const size = context.contextWindow;
  if (size === undefined || !Number.isFinite(size)) return [];
  return [{ sessionUpdate: 'usage_update', used: usage.inputTokens + usage.outputTokens, size }];
}

export function planUpdate(todos: readonly TodoItem[]): SessionUpdate {
  return {
    sessionUpdate: 'plan',
    entries: todos.map((todo) => ({
      content: todo.content,
      status: todo.status,
      priority: 'medium',
    })),
  };
}

/** A message's text blocks joined, and its reasoning blocks joined. */
export function channelTexts(message: Message | undefined): ChannelTexts {
  let text = '';
  let reasoning = '';
  for (const block of message?.blocks ?? []) {
    if (block.type === 'text') text += block.content;
    if (block.type === 'reasoning') reasoning += block.content;
  }
  return { text, reasoning };
}

/** A message of the conversation by id (the newest with it). */
export function messageById(messages: readonly Message[], id: string): Message | undefined {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]?.id === id) return messages[i];
  return undefined;
}
