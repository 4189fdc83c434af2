// A plugin a repository turns on (its settings' `enabledPlugins`) as a trust request: its hooks
// and MCP servers run programs, its commands run `!` lines and allow tools, so it waits for the
// user's word like a hook of the project. The request lists what the plugin turns on — each hook
// with its command, each MCP server with its command or address, its commands and agents — and
// is keyed by a digest of all of it, so a `git pull` that changes the plugin is asked about again.
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import type { PluginBundle, ProjectRequest } from '@wave-agent/agent-sdk';
import { isRecord } from '@wave-agent/shared-protocol';

const SETTING = 'enabledPlugins';

function markdownNames(folders: readonly string[]): string[] {
  return folders.flatMap((folder) => {
    try {
      return readdirSync(folder)
        .filter((name) => name.endsWith('.md'))
        .map((name) => name.slice(0, -3));
    } catch {
      return [];
    }
  });
}

function hookLines(hooks: Readonly<Record<string, unknown>>): string[] {
  const lines: string[] = [];
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    for (const group of groups) {
      if (!isRecord(group) || !Array.isArray(group['hooks'])) continue;
      const matcher =
        typeof group['matcher'] === 'string' && group['matcher'] !== ''
          ? ` (matcher "${group['matcher']}")`
          : '';
      for (const hook of group['hooks'])
        if (isRecord(hook) && typeof hook['command'] === 'string')
          lines.push(`${event} hook${matcher}: ${hook['command']}`);
    }
  }
  return lines;
}

/** What the plugin turns on, one item each, as the trust question lists it. */
export function pluginTurnsOn(plugin: PluginBundle): string[] {
  const servers = Object.entries(plugin.mcpServers).map(([name, config]) =>
    'command' in config
      ? `MCP server ${name}: ${[config.command, ...(config.args ?? [])].join(' ')}`
      : `MCP server ${name}: ${config.url}`,
  );
  const commands = markdownNames(plugin.commandFolders).map((name) => `/${plugin.name}:${name}`);
  const agents = markdownNames(plugin.agentFolders).map((name) => `${plugin.name}:${name}`);
  return [
    ...hookLines(plugin.hooks),
    ...servers,
    ...(commands.length > 0 ? [`commands ${commands.join(', ')}`] : []),
    ...(agents.length > 0 ? [`agents ${agents.join(', ')}`] : []),
  ];
}

export function pluginRequest(plugin: PluginBundle): ProjectRequest {
  const turnsOn = pluginTurnsOn(plugin);
  const digest = createHash('sha256')
    .update(JSON.stringify([plugin.id, plugin.root, plugin.hooks, plugin.mcpServers, turnsOn]))
    .digest('hex')
    .slice(0, 32);
  return {
    key: `${SETTING}.${plugin.id}=sha256:${digest}`,
    source: plugin.root,
    setting: SETTING,
    value: plugin.id,
    description: `turn on the plugin ${plugin.id}${turnsOn.length > 0 ? `: ${turnsOn.join('; ')}` : ''}`,
  };
}

/** The project's plugins the user trusted, one by one. */
export function trustedPlugins(
  plugins: readonly PluginBundle[],
  granted: readonly ProjectRequest[],
): PluginBundle[] {
  const allowed = new Set(granted.map((request) => request.key));
  return plugins.filter((plugin) => allowed.has(pluginRequest(plugin).key));
}
