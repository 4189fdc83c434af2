// MCP resources as mentions, written as Claude Code writes them: `@<server>:<uri>`
// (`@docs:file:///guide.md`). A mention is one when its text before the first `:` names a
// server of the session that lists resources; the rest is the resource's URI. The agent reads
// each with `resources/read` and attaches what it gets; `@` completion offers the listed ones.
import type { McpServerStatus } from '../rpc/mcp-server-status.js';
import { findMentions, withoutTrailingPunctuation } from './find-mentions.js';

export interface McpResourceMention {
  readonly server: string;
  readonly uri: string;
}

/** How a listed resource is written after `@`. */
export function mcpResourcePath(server: string, uri: string): string {
  return `${server}:${uri}`;
}

/** The resource a mention's path names, when its server is a connected one of the session. */
export function mcpResourceOf(
  path: string,
  servers: readonly McpServerStatus[],
): McpResourceMention | undefined {
  const colon = path.indexOf(':');
  if (colon <= 0) return undefined;
  const name = path.slice(0, colon);
  const server = servers.find((known) => known.name === name && known.state === 'connected');
  const uri = path.slice(colon + 1);
  if (!server?.resources || uri === '') return undefined;
  return { server: server.name, uri };
}

/**
 * The resource mentions of a message's text. An unquoted one may end with a sentence's
 * punctuation: it is left out unless the URI as written is one the server lists.
 */
export function mcpResourceMentions(
  text: string,
  servers: readonly McpServerStatus[],
): McpResourceMention[] {
  const found: McpResourceMention[] = [];
  for (const mention of findMentions(text)) {
    const named = mcpResourceOf(mention.path, servers);
    if (!named) continue;
    const listed = servers.find((server) => server.name === named.server)?.resources ?? [];
    const bare = withoutTrailingPunctuation(named.uri);
    const uri =
      mention.quoted || listed.some((resource) => resource.uri === named.uri) || bare === ''
        ? named.uri
        : bare;
    if (!found.some((known) => known.server === named.server && known.uri === uri))
      found.push({ server: named.server, uri });
  }
  return found;
}

/** Every listed resource of the connected servers, as written after `@`. */
export function mcpResourcePaths(servers: readonly McpServerStatus[]): string[] {
  return servers
    .filter((server) => server.state === 'connected')
    .flatMap((server) =>
      (server.resources ?? []).map((resource) => mcpResourcePath(server.name, resource.uri)),
    );
}
