// What `wave plugin --help` prints (kept by hand; plugin-command.ts is the truth about which
// subcommands exist, and plugin-command.test.ts checks each is named here).
export const PLUGIN_HELP_TEXT = `wave plugin: Claude Code plugins, installed from marketplaces as Claude Code installs them.

Usage:
  wave plugin marketplace add <folder | git URL | owner/repo>
                                add a marketplace (a folder with .claude-plugin/marketplace.json);
                                a repository is cloned with your git into $WAVE_HOME/plugins
  wave plugin marketplace list [--json]
                                the marketplaces you added
  wave plugin marketplace remove <name>
                                forget a marketplace and uninstall its plugins
  wave plugin marketplace update [name]
                                clone a repository marketplace again (all when no name)
  wave plugin install <name@marketplace>   (alias: i)
                                copy the plugin into $WAVE_HOME/plugins/cache and turn it on
  wave plugin uninstall <name@marketplace>
                                remove the plugin and turn it off
  wave plugin enable <name@marketplace>
  wave plugin disable <name@marketplace>
                                turn an installed plugin on or off ("enabledPlugins" in
                                $WAVE_HOME/settings.json)
  wave plugin list [--json]     the installed plugins, and whether each is on
  wave plugin validate <folder> check a plugin's or a marketplace's folder and say what is wrong

A plugin's commands and agents are named plugin:name (/commit-commands:commit); its hooks and
MCP servers run as yours once it is installed. A plugin a repository turns on (its
.claude/settings.json "enabledPlugins") runs only once you trust the folder with it.
`;
