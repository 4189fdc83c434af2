// /permissions in the terminal UI: the rules in force with their files and what was left out;
// `/permissions allow|ask|deny <rule>` adds one to .wave/settings.local.json, `/permissions
// remove <allow|ask|deny> <rule>` takes one out of its file (shared-protocol's
// permissions-command.ts reads the arguments and words the answers for every UI). The agent
// does the work over the protocol, as for every host.
import {
  parsePermissionsCommand,
  permissionChangeText,
  permissionRulesText,
  SLASH_COMMANDS,
} from '@wave-agent/shared-protocol';
import type { SlashCommand } from './command-context.js';

export const permissionsCommand: SlashCommand = {
  ...SLASH_COMMANDS.permissions,
  async run(context) {
    const command = parsePermissionsCommand(context.args);
    if (command.action === 'usage') return context.print(command.text, 'error');
    if (command.action === 'list') {
      const { rules, problems, readOnlyCommands } = await context.session.request(
        'getPermissionRules',
        {},
      );
      const sandbox = context.session.getSnapshot().sandbox;
      return context.print(permissionRulesText(rules, problems, { readOnlyCommands, sandbox }));
    }
    const { behavior, rule } = command;
    const result = await context.session.request(
      command.action === 'add' ? 'addPermissionRule' : 'removePermissionRule',
      { behavior, rule },
    );
    context.print(permissionChangeText(command, result), result.ok ? 'info' : 'error');
  },
};
