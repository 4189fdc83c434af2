// A project's MCP servers (its `.mcp.json`) as trust requests: each starts a process or sends
// data to a URL the repository chose, so each waits for the user's word. A request is keyed by
// the server's name and a digest of its whole entry, so a yes covers exactly that command line
// (or URL and headers): a `git pull` that adds a server or changes one is asked about again.
// The question shows the entry in full, unexpanded (`${TOKEN}`, not the token).
import { createHash } from 'node:crypto';
import { serverDescription } from '@wave-agent/agent-sdk';
import type { ProjectRequest } from '@wave-agent/agent-sdk';
import type { McpServerConfig } from '@wave-agent/shared-protocol';

const SETTING_PREFIX = 'mcpServers.';

/** JSON with keys in order, so the same entry always has the same digest. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function mcpServerRequest(
  source: string,
  name: string,
  config: McpServerConfig,
): ProjectRequest {
  const digest = createHash('sha256').update(canonicalJson(config)).digest('hex').slice(0, 32);
  const remote = config.type === 'http' || config.type === 'sse';
  return {
    key: `${SETTING_PREFIX}${name}=sha256:${digest}`,
    source,
    setting: `${SETTING_PREFIX}${name}`,
    value: serverDescription(config),
    description: remote
      ? `connect to the MCP server "${name}" and give the model its tools`
      : `start the MCP server "${name}" (a program on your machine) and give the model its tools`,
  };
}

export function isMcpServerRequest(request: ProjectRequest): boolean {
  return request.setting.startsWith(SETTING_PREFIX);
}

/** The name of the server a request is about. */
export function mcpServerNameOf(request: ProjectRequest): string {
  return request.setting.slice(SETTING_PREFIX.length);
}

/** The same entry, to the letter (so a project repeating the user's server asks nothing). */
export function sameServer(a: McpServerConfig | undefined, b: McpServerConfig): boolean {
  return a !== undefined && canonicalJson(a) === canonicalJson(b);
}
