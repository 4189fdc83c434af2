// What the user typed in one of their messages, as every UI shows it when it offers the message
// again (/rewind's list, the prompt it comes back to): its text, a `!command` for a shell command.
import type { Message } from '../messages.js';

export function typedText(message: Message): string {
  return message.blocks
    .map((block) =>
      block.type === 'text' ? block.content : block.type === 'bang' ? `!${block.command}` : '',
    )
    .join('')
    .trim();
}
