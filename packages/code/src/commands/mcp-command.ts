// /mcp: the MCP servers of this session, from the session state every host shares: each one's
// state, where it is (the command line Wave started, or its URL), the tools it gives the model,
// or why it failed. `/mcp restart NAME` stops that server (if it runs) and starts it again; how
// it went shows in the next /mcp (and a notice if it fails again).
import type { McpServerStatus } from '@wave-agent/shared-protocol';
import { errorText, SLASH_COMMANDS } from '@wave-agent/shared-protocol';
import type { CommandContext, SlashCommand } from './command-context.js';

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

async function restart(context: CommandContext, server: string): Promise<void> {
  try {
    await context.session.restartMcpServer(server);
    context.print(`Restarting the MCP server "${server}"; /mcp shows when it is ready.`);
  } catch (error) {
    context.print(errorText(error), 'error');
  }
}

export const mcpCommand: SlashCommand = {
  ...SLASH_COMMANDS.mcp,
  run: (context) => {
    const [word, server, extra] = context.args.split(/\s+/).filter(Boolean);
    if (word === undefined) return context.print(mcpText(context.session.getSnapshot().mcpServers));
    if (word !== 'restart' || server === undefined || extra !== undefined)
      return context.print(
        'Use /mcp to list the servers, or /mcp restart NAME to restart one.',
        'error',
      );
    return restart(context, server);
  },
};
