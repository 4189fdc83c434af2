// The MCP servers an editor hands over in session/new and session/load are the user's own word
// (their editor's configuration), so they need no workspace trust. ACP lists them as an array
// with name/value pairs; Wave names them in Claude Code's `.mcp.json` shape (shared-protocol's
// McpServers). A name becomes part of tool names (`mcp__<server>__<tool>`), so characters it
// cannot hold become "_"; what still does not fit is refused with a sentence naming the server.
import type * as acp from '@agentclientprotocol/sdk';
import { McpServersSchema } from '@wave-agent/shared-protocol';
import type { McpServerConfig, McpServers } from '@wave-agent/shared-protocol';

/** More than any editor configures; a bound on what a client may make Wave start. */
export const MAX_MCP_SERVERS = 64;

const NAME_LIMIT = 64;

/** Thrown with a sentence for the client: which server, what is wrong, what to do. */
export class McpServersError extends Error {
  override readonly name = 'McpServersError';
}

function toolSafeName(name: string): string {
  return name
    .trim()
    .replace(/[^A-Za-z0-9_-]/g, '_')
    .slice(0, NAME_LIMIT);
}

function record(pairs: readonly { readonly name: string; readonly value: string }[]) {
  return Object.fromEntries(pairs.map((pair) => [pair.name, pair.value]));
}

function configOf(server: acp.McpServer): McpServerConfig {
  if ('command' in server) {
    return {
      command: server.command,
      ...(server.args.length > 0 ? { args: [...server.args] } : {}),
      ...(server.env.length > 0 ? { env: record(server.env) } : {}),
    };
  }
  return {
    type: server.type,
    url: server.url,
    ...(server.headers.length > 0 ? { headers: record(server.headers) } : {}),
  };
}

export function mcpServersFrom(servers: readonly acp.McpServer[]): McpServers {
  if (servers.length > MAX_MCP_SERVERS)
    throw new McpServersError(
      `mcpServers lists ${servers.length} servers; Wave connects at most ${MAX_MCP_SERVERS} per session.`,
    );
  const byName: Record<string, McpServerConfig> = {};
  for (const server of servers) {
    const name = toolSafeName(server.name);
    if (name === '')
      throw new McpServersError('An MCP server in mcpServers has an empty name; give it one.');
    if (Object.hasOwn(byName, name))
      throw new McpServersError(
        `Two MCP servers in mcpServers are both named "${name}" (as tool names hold them: letters, digits, _ and -); rename one.`,
      );
    byName[name] = configOf(server);
  }
  const parsed = McpServersSchema.safeParse(byName);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.map(String).join('.') ?? 'mcpServers';
  throw new McpServersError(
    `The MCP server configuration is not usable at ${where}: ${issue?.message ?? 'invalid'}. Fix it in the editor's settings.`,
  );
}
