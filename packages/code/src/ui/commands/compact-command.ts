// /compact [instructions]: folds what the model sees into a summary. The history on screen
// stays; the "conversation compacted" divider the agent appends is the result (a note would
// be written above it, in the same frame). Progress shows in the status line.

import { SLASH_COMMANDS } from '@wave-agent/shared-protocol';
import type { ConversationState } from '@wave-agent/shared-protocol';
import type { SlashCommand } from './command-table.js';

/** The SDK already told the user (a notice in the conversation): do not say it twice. */
function alreadyShown(state: ConversationState, error: string): boolean {
  return state.messages.some((message) =>
    message.blocks.some((block) => block.type === 'notice' && block.message === error),
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
    const result = await context.track(
      context.agent.compact(context.args === '' ? undefined : context.args),
      'Compacting the conversation',
    );
    if (result.ok) return;
    const error = result.error ?? 'The conversation could not be compacted; try /compact again.';
    if (!alreadyShown(context.agent.state, error)) context.print(error, 'warning');
  },
};
