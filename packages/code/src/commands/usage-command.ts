// /usage and its alias /cost: the session's tokens and cost per model, from the session state
// every host shares (shared-protocol's usageText).
import { SLASH_COMMANDS, usageText } from '@wave-agent/shared-protocol';
import type { SlashCommand } from './command-context.js';

export const usageCommand: SlashCommand = {
  ...SLASH_COMMANDS.usage,
  run: (context) => context.print(usageText(context.session.getSnapshot())),
};

export const costCommand: SlashCommand = { ...usageCommand, ...SLASH_COMMANDS.cost };
