// /plan [what to plan]: enters plan mode (the session's mode, so every host shows it), where the
// model only reads, writes its plan to the plan file and asks the user to approve it
// (ExitPlanMode). With text, that text goes to the model as the message to plan for.

import { PLAN_MODE_ON, SLASH_COMMANDS } from '@wave-agent/shared-protocol';
import type { SlashCommand } from './command-context.js';

export const planCommand: SlashCommand = {
  ...SLASH_COMMANDS.plan,
  run: async (context) => {
    await context.session.setPermissionMode('plan');
    context.print(PLAN_MODE_ON);
    if (context.args !== '') await context.session.sendMessage(context.args);
  },
};
