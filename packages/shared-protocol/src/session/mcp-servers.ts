// How the mcpServer* events change the list of MCP servers: a server appears (or starts again)
// when Wave connects to it; being connected brings its tools and prompts; failing or closing
// takes them away, since the model can no longer call them nor the user run them. Events about a server not in the list change
// nothing.

import type { EventOf } from '../events.js';
import type { McpServerStatus } from '../rpc/mcp-server-status.js';

type Servers = readonly McpServerStatus[];

function withServer(
  servers: Servers,
  name: string,
  update: (server: McpServerStatus) => McpServerStatus,
): Servers {
  const index = servers.findIndex((server) => server.name === name);
  const current = servers[index];
  return current === undefined ? servers : servers.with(index, update(current));
}

/** The server without its reason, prompts and resources: what a change of state starts from. */
function withoutOffers({
  reason: _reason,
  prompts: _prompts,
  resources: _resources,
  ...server
}: McpServerStatus): McpServerStatus {
  return server;
}

export function serversAfterConnecting(
  servers: Servers,
  event: EventOf<'mcpServerConnecting'>,
): Servers {
  const server: McpServerStatus = {
    name: event.server,
    transport: event.transport,
    target: event.target,
    state: 'connecting',
    tools: [],
    since: event.at,
  };
  const index = servers.findIndex((known) => known.name === event.server);
  return index === -1 ? [...servers, server] : servers.with(index, server);
}

export function serversAfterConnected(
  servers: Servers,
  event: EventOf<'mcpServerConnected'>,
): Servers {
  const { prompts, resources } = event;
  return withServer(servers, event.server, (old) => ({
    ...withoutOffers(old),
    state: 'connected',
    tools: event.tools,
    ...(prompts !== undefined && prompts.length > 0 ? { prompts } : {}),
    ...(resources !== undefined && resources.length > 0 ? { resources } : {}),
    since: event.at,
  }));
}

export function serversAfterFailed(servers: Servers, event: EventOf<'mcpServerFailed'>): Servers {
  return withServer(servers, event.server, (server) => ({
    ...withoutOffers(server),
    state: 'failed',
    tools: [],
    reason: event.reason,
    since: event.at,
  }));
}

export function serversAfterClosed(servers: Servers, event: EventOf<'mcpServerClosed'>): Servers {
  return withServer(servers, event.server, (server) => ({
    ...withoutOffers(server),
    state: 'closed',
    tools: [],
    ...(event.reason !== undefined ? { reason: event.reason } : {}),
    since: event.at,
  }));
}
