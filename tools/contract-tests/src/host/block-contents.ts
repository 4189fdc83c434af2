// Reading a conversation the way the checks need it: the blocks of one kind, and their text.
import type { Block, ConversationState, Message } from '@wave-agent/shared-protocol';

export function blocksOf<T extends Block['type']>(
  message: Message,
  type: T,
): Extract<Block, { type: T }>[] {
  return message.blocks.filter(
    (block): block is Extract<Block, { type: T }> => block.type === type,
  );
}

/** The content of every text (or reasoning) block of the conversation's assistant messages. */
export function streamedContents(state: ConversationState, type: 'text' | 'reasoning'): string[] {
  return state.messages
    .filter((message) => message.role === 'assistant')
    .flatMap((message) => blocksOf(message, type).map((block) => block.content));
}
