// /plugin, shared by every UI: what the typed arguments ask for, and the plugins as text. Each UI
// sends the request through its session (listPlugins, changePlugin) and shows the text its way.
import { PLUGIN_ACTIONS } from '../rpc/plugin-browser.js';
import type { ListPluginsResult, PluginAction, PluginRow } from '../rpc/plugin-browser.js';

export type PluginCommand =
  | { readonly action: 'list' }
  | { readonly action: PluginAction; readonly id: string }
  | { readonly action: 'usage'; readonly text: string };

export const PLUGIN_USAGE =
  'Use /plugin to list the plugins of your marketplaces, or /plugin install|uninstall|enable|disable NAME@MARKETPLACE (add a marketplace in a terminal: wave plugin marketplace add <folder | git URL | owner/repo>).';

function isAction(word: string | undefined): word is PluginAction {
  return PLUGIN_ACTIONS.some((action) => action === word);
}

export function parsePluginCommand(args: string): PluginCommand {
  const words = args.split(/\s+/).filter((word) => word !== '');
  const [first, second] = words;
  if (first === undefined) return { action: 'list' };
  // Claude Code's shorthand: /plugin i NAME@MARKETPLACE.
  const action = first === 'i' ? 'install' : first;
  if (isAction(action) && words.length === 2 && second !== undefined && /.@./.test(second))
    return { action, id: second };
  return { action: 'usage', text: PLUGIN_USAGE };
}

function rowText(row: PluginRow): string {
  const state = !row.installed ? 'not installed' : row.enabled ? 'enabled' : 'disabled';
  const by = row.installedBy === 'claude-code' ? ', installed by Claude Code' : '';
  const version = row.version !== undefined ? ` ${row.version}` : '';
  const description = row.description ? ` — ${row.description}` : '';
  return `  ${row.id}${version} (${state}${by})${description}`;
}

export function pluginListText(result: ListPluginsResult): string {
  const lines: string[] = [];
  if (result.marketplaces.length === 0 && result.others.length === 0)
    lines.push(
      'No marketplaces are known and no plugins installed; add a marketplace in a terminal: wave plugin marketplace add <folder | git URL | owner/repo>.',
    );
  for (const marketplace of result.marketplaces) {
    lines.push(`${marketplace.name}:`);
    if (marketplace.plugins.length === 0) lines.push('  (no plugins)');
    lines.push(...marketplace.plugins.map(rowText));
  }
  if (result.others.length > 0)
    lines.push('Installed from elsewhere:', ...result.others.map(rowText));
  lines.push(...result.problems);
  lines.push(PLUGIN_USAGE);
  return lines.join('\n');
}
