// /hooks: the hooks in force and their files, from the session state every host shares.
import { hooksText, SLASH_COMMANDS } from '@wave-agent/shared-protocol';
import type { SlashCommand } from './command-context.js';

export const hooksCommand: SlashCommand = {
  ...SLASH_COMMANDS.hooks,
  run: (context) => context.print(hooksText(context.session.getSnapshot().hooks ?? [])),
};
