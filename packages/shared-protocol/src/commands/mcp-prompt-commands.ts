// MCP servers' prompts as slash commands, named as Claude Code names them:
// `/mcp__<server>__<prompt> arg1 arg2`. Every host offers them from the session state
// (`SessionState.mcpServers`), beside its own table, and sends the typed text as a message: the
// agent asks the server for the prompt with the arguments (`prompts/get`) and the model reads
// its messages as the user's turn. One place for the name, the hint and the lookup, so the
// terminal, the chat UI, ACP and the agent cannot disagree on what `/mcp__…` means.
import type { McpPromptInfo, McpServerStatus } from '../rpc/mcp-server-status.js';
import type { SlashCommandInfo } from './slash-commands.js';
import { parseSlashCommand } from './slash-commands.js';

/** A server's prompt as a completion entry, with what running it needs. */
export interface McpPromptCommand extends SlashCommandInfo {
  readonly server: string;
  readonly prompt: McpPromptInfo;
}

/**
 * A server's or prompt's name as it appears in a command name: characters other than letters,
 * digits, `_` and `-` become `_` (as Claude Code writes them), in lower case, since commands are
 * matched in lower case.
 */
function namePart(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, '_').toLowerCase();
}

export function mcpPromptCommandName(server: string, prompt: string): string {
  return `mcp__${namePart(server)}__${namePart(prompt)}`;
}

/** `<required> [optional]`, in the server's order: what to type after the name. */
function argumentHint(prompt: McpPromptInfo): string | undefined {
  if (prompt.arguments.length === 0) return undefined;
  return prompt.arguments
    .map((argument) => (argument.required === true ? `<${argument.name}>` : `[${argument.name}]`))
    .join(' ');
}

/** The prompts of the connected servers as commands, leaving out names `own` already takes. */
export function mcpPromptCommands(
  servers: readonly McpServerStatus[],
  own: readonly { readonly name: string }[] = [],
): McpPromptCommand[] {
  const taken = new Set(own.map((command) => command.name));
  const commands: McpPromptCommand[] = [];
  for (const server of servers) {
    if (server.state !== 'connected') continue;
    for (const prompt of server.prompts ?? []) {
      const name = mcpPromptCommandName(server.name, prompt.name);
      if (taken.has(name)) continue;
      taken.add(name);
      const hint = argumentHint(prompt);
      commands.push({
        name,
        description: `${prompt.description ?? `The prompt ${prompt.name}`} (MCP ${server.name})`,
        ...(hint !== undefined ? { argumentHint: hint } : {}),
        echo: false,
        server: server.name,
        prompt,
      });
    }
  }
  return commands;
}

/** The MCP prompt `text` runs (`/mcp__server__prompt args`), with what was typed after it. */
export function findMcpPromptCommand(
  text: string,
  servers: readonly McpServerStatus[],
): { readonly command: McpPromptCommand; readonly args: string } | undefined {
  const typed = parseSlashCommand(text);
  if (!typed?.name.startsWith('mcp__')) return undefined;
  const command = mcpPromptCommands(servers).find((known) => known.name === typed.name);
  return command ? { command, args: typed.args } : undefined;
}
