// /plugin in the terminal UI: the plugins of the user's marketplaces with their state;
// `/plugin install|uninstall|enable|disable NAME@MARKETPLACE` changes one (shared-protocol's
// plugin-command.ts reads the arguments and words the list for every UI). The agent does the
// work over the protocol (listPlugins, changePlugin), as for every host.
import { parsePluginCommand, pluginListText, SLASH_COMMANDS } from '@wave-agent/shared-protocol';
import type { SlashCommand } from './command-context.js';

export const pluginCommand: SlashCommand = {
  ...SLASH_COMMANDS.plugin,
  async run(context) {
    const command = parsePluginCommand(context.args);
    if (command.action === 'usage') return context.print(command.text, 'error');
    if (command.action === 'list')
      return context.print(pluginListText(await context.session.request('listPlugins', {})));
    const { action, id } = command;
    const result = await context.session.request('changePlugin', { action, id });
    context.print(result.text, result.ok ? 'info' : 'error');
  },
};
