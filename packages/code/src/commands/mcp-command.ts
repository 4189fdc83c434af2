// /mcp: the MCP servers of this session, from the session state every host shares: each one's
// state, where it is (the command line Wave started, or its URL), the tools it gives the model,
// or why it failed.
import type { McpServerStatus } from '@wave-agent/shared-protocol';
import { SLASH_COMMANDS } from '@wave-agent/shared-protocol';
import type { SlashCommand } from './command-context.js';

export const NO_MCP_SERVERS =
  'No MCP servers in this session. Add them to "mcpServers" in .mcp.json in the project (they start once you trust the folder) or in settings.json in $WAVE_HOME.';

function stateOf(server: McpServerStatus): string {
  if (server.state !== 'connected') return server.state;
  const count = server.tools.length;
  return `connected · ${count} ${count === 1 ? 'tool' : 'tools'}`;
}

export function mcpText(servers: readonly McpServerStatus[]): string {
  if (servers.length === 0) return NO_MCP_SERVERS;
  const lines = ['MCP servers:'];
  for (const server of servers) {
    lines.push(`  ${server.name}  ${stateOf(server)} · ${server.target}`);
    if (server.tools.length > 0) lines.push(`      ${server.tools.join(', ')}`);
    if (server.reason !== undefined) lines.push(`      ${server.reason}`);
  }
  return lines.join('\n');
}

export const mcpCommand: SlashCommand = {
  ...SLASH_COMMANDS.mcp,
  run: (context) => context.print(mcpText(context.session.getSnapshot().mcpServers)),
};
