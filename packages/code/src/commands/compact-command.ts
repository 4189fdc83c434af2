// /compact [instructions]: folds what the model sees into a summary. The history on screen
// stays; the "conversation compacted" divider the agent appends is the result (a note would
// be written above it, in the same frame). Progress shows in the status line (the compaction
// is a turn of the session).

import { SLASH_COMMANDS, errorText } from '@wave-agent/shared-protocol';
import type { Message } from '@wave-agent/shared-protocol';
import type { SlashCommand } from './command-context.js';

/** The agent already told the user (a notice in the conversation): do not say it twice. */
function alreadyShown(messages: readonly Message[], error: string): boolean {
  return messages.some((message) =>
    message.blocks.some((block) => block.type === 'notice' && error.startsWith(block.message)),
  );
}

export const compactCommand: SlashCommand = {
  ...SLASH_COMMANDS.compact,
  run: async (context) => {
    if (context.running) {
      context.print(
        'A reply is running: wait for it to end (or press Esc to stop it), then /compact.',
        'warning',
      );
      return;
    }
    try {
      await context.session.compact(context.args === '' ? undefined : context.args);
    } catch (error) {
      const said = errorText(error);
      const messages = context.session.getSnapshot().conversation.messages;
      if (!alreadyShown(messages, said)) context.print(said, 'warning');
    }
  },
};
