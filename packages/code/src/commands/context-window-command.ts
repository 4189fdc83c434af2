// /context: how the last request used the model's context window, from the session state every
// host shares (shared-protocol's contextText).
import { contextText, SLASH_COMMANDS } from '@wave-agent/shared-protocol';
import type { SlashCommand } from './command-context.js';

export const contextWindowCommand: SlashCommand = {
  ...SLASH_COMMANDS.context,
  run: (context) => context.print(contextText(context.session.getSnapshot().contextWindow)),
};
