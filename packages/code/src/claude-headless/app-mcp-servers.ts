// The app's in-process MCP servers (the SDK's createSdkMcpServer in `mcpServers`): `initialize`
// names them (`sdkMcpServers`), and Wave is their MCP client as for any server, each JSON-RPC
// message carried as an `mcp_message` control request whose answer holds the server's
// `mcp_response` (agent-sdk mcp/relayed-transport.ts). What a server says of its own accord (a
// notification, a request of its own) comes as an `mcp_message` from the app, passed on here.
// The app's other servers (stdio, http) come in `initialize` too (`mcpServers`): the app's words,
// as --mcp-config is, so they start as the user's own servers do.
import type { McpRelay } from '@wave-agent/agent-sdk';
import { isRecord, McpServerConfigSchema, McpServerNameSchema } from '@wave-agent/shared-protocol';
import type { McpServerConfig, McpServers } from '@wave-agent/shared-protocol';
import type { ProtocolChannel } from './protocol-channel.js';

/** The SDK's acknowledgement of a message that is not a request (as Claude Code answers too). */
const ACKNOWLEDGED = { mcp_response: { jsonrpc: '2.0', result: {}, id: 0 } };

export class AppMcpServers {
  private readonly listeners = new Map<string, (message: Record<string, unknown>) => void>();

  constructor(private readonly channel: ProtocolChannel) {}

  /** A relay per server `initialize` named. */
  relays(names: unknown): Readonly<Record<string, McpRelay>> {
    const servers = Array.isArray(names)
      ? names.filter((name): name is string => typeof name === 'string')
      : [];
    return Object.fromEntries(servers.map((name) => [name, this.relay(name)]));
  }

  private relay(name: string): McpRelay {
    return {
      send: async (message) => {
        const answer = await this.channel.request({
          subtype: 'mcp_message',
          server_name: name,
          message,
        });
        return answer['mcp_response'];
      },
      listen: (onMessage) => void this.listeners.set(name, onMessage),
    };
  }

  /** An `mcp_message` from the app: passed to its server's client; the answer acknowledges it. */
  fromApp(request: Record<string, unknown>): Record<string, unknown> {
    const name = request['server_name'];
    const listener = typeof name === 'string' ? this.listeners.get(name) : undefined;
    if (listener === undefined)
      throw new Error(
        `wave-claude has no in-process MCP server "${String(name)}"; name it in mcpServers when the query starts.`,
      );
    const message = request['message'];
    if (!isRecord(message)) throw new Error('The mcp_message carried no JSON-RPC message.');
    listener(message);
    return ACKNOWLEDGED;
  }
}

/** `initialize`'s `mcpServers` (the app's stdio and http servers); a bad entry is a sentence. */
export function appConfiguredServers(value: unknown, say: (line: string) => void): McpServers {
  if (!isRecord(value)) return {};
  const servers: Record<string, McpServerConfig> = {};
  for (const [name, config] of Object.entries(value)) {
    const parsed = McpServerConfigSchema.safeParse(config);
    if (!McpServerNameSchema.safeParse(name).success || !parsed.success) {
      say(
        `the app's MCP server "${name}" is skipped: ${parsed.success ? 'its name may only have letters, digits, _ and -' : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'the entry'}: ${issue.message}`).join('; ')}.`,
      );
      continue;
    }
    servers[name] = parsed.data;
  }
  return servers;
}
