// What the plugins turned on add to the session's own parts: their hooks (each plugin's as one
// source, with its variables in the hooks' environment) and their MCP servers. Their commands,
// skills and agents are read by the same loaders as the user's (session-context.ts,
// subagents/agent-files.ts).
import type { McpServers } from '@wave-agent/shared-protocol';
import type { HookSettingsSource } from '../hooks/hook-config.js';
import type { PluginBundle } from './plugin-bundle.js';

export function pluginHookSources(plugins: readonly PluginBundle[]): HookSettingsSource[] {
  return plugins
    .filter((plugin) => Object.keys(plugin.hooks).length > 0)
    .map((plugin) => ({
      file: `${plugin.hooksSource} (plugin ${plugin.id})`,
      value: plugin.hooks,
      env: { ...plugin.env },
    }));
}

export function pluginMcpServers(plugins: readonly PluginBundle[]): McpServers {
  const servers: Record<string, McpServers[string]> = {};
  for (const plugin of plugins) Object.assign(servers, plugin.mcpServers);
  return servers;
}
