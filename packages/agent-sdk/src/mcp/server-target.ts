// How a person reads an MCP server's configuration: the command line Wave would start (with the
// variables it sets), or the URL it would connect to. The trust question shows all of it, since
// every part (an argument, NODE_OPTIONS, a header) changes what would run or where data goes.
import type {
  McpHttpServerConfig,
  McpServerConfig,
  McpTransport,
} from '@wave-agent/shared-protocol';
import type { McpRelayedServer } from './relayed-transport.js';

/** A server as the pool knows it: configured, or relayed by the host (relayed-transport.ts). */
export type McpServerPlace = McpServerConfig | McpRelayedServer;

/** What the target of a relayed server reads. */
export const RELAYED_TARGET = "in the app's own process";

/** A server reached at a URL (http, sse) rather than started as a process (stdio). */
export function isRemoteServer(config: McpServerPlace): config is McpHttpServerConfig {
  return config.type === 'http' || config.type === 'sse';
}

/** Quotes a word the way a POSIX shell would need it, so a reader sees where each one ends. */
function shellWord(word: string): string {
  if (word !== '' && /^[\w@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

export function serverTransport(config: McpServerPlace): McpTransport {
  return config.type ?? 'stdio';
}

/** The command line (stdio) or the URL (http, sse): where the server is. */
export function serverTarget(config: McpServerPlace): string {
  if (config.type === 'sdk') return RELAYED_TARGET;
  if (isRemoteServer(config)) return config.url;
  return [config.command, ...(config.args ?? [])].map(shellWord).join(' ');
}

/** Everything the configuration says, in one line: variables and command line, or URL and headers. */
export function serverDescription(config: McpServerConfig): string {
  if (isRemoteServer(config)) {
    const headers = Object.entries(config.headers ?? {}).map(
      ([name, value]) => `${name}: ${value}`,
    );
    const via = `${config.type === 'sse' ? 'SSE' : 'HTTP'} ${config.url}`;
    return headers.length > 0 ? `${via} with headers ${headers.join('; ')}` : via;
  }
  const env = Object.entries(config.env ?? {}).map(
    ([name, value]) => `${name}=${shellWord(value)}`,
  );
  return [...env, serverTarget(config)].join(' ');
}
