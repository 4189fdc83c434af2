// Where a subagent's conversation lives: the thread of its Task call's tool block.
import type { ConversationState, Message } from '@wave-agent/shared-protocol';

export function threadOf(
  state: ConversationState,
  messageId: string,
  toolCallId: string,
): readonly Message[] {
  const message = state.messages.findLast((candidate) => candidate.id === messageId);
  const block = message?.blocks.find(
    (candidate) => candidate.type === 'tool' && candidate.id === toolCallId,
  );
  return block?.type === 'tool' ? (block.thread ?? []) : [];
}
