// The MCP servers' prompts of the session state (`SessionState.mcpServers`) as slash commands:
// `/mcp__server__prompt args` is sent as a message, and the agent gets the prompt from the
// server with the arguments (shared-protocol's commands/mcp-prompt-commands.ts names them).
import type { McpServerStatus } from '@wave-agent/shared-protocol';
import { mcpPromptCommands } from '@wave-agent/shared-protocol';
import type { SlashCommand } from './command-context.js';

export function mcpPromptSlashCommands(
  servers: readonly McpServerStatus[],
  own: readonly SlashCommand[],
): SlashCommand[] {
  return mcpPromptCommands(servers, own).map(({ server: _server, prompt: _prompt, ...entry }) => ({
    ...entry,
    run: async (run) => {
      await run.session.sendMessage(`/${entry.name}${run.args ? ` ${run.args}` : ''}`);
    },
  }));
}
