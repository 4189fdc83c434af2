// `wave mcp list` and `wave mcp get NAME`: every configured server with its scope and, as Claude
// Code says it, its state. A server a session would start is started (or reached) and asked for
// its tools, then closed; a `.mcp.json` server the user has not approved is never started here
// (that would run a repository's command without the user's word), only said to wait for
// approval; one turned off by `disabledMcpjsonServers` is said to be off. The same name in two
// scopes is the one a session uses: local over project (when approved) over user.
import {
  decideWorkspaceTrust,
  probeMcpServer,
  resolveClaudeHome,
  resolveMcpTimeouts,
  serverTarget,
} from '@wave-agent/agent-sdk';
import type { Logger, McpProbe } from '@wave-agent/agent-sdk';
import type { McpServerConfig } from '@wave-agent/shared-protocol';
import type { CliIo } from '../cli/cli-io.js';
import { loadSettings } from '../settings/load-settings.js';
import { readMcpApproval } from '../settings/mcp-approval.js';
import { sameServer } from '../settings/mcp-server-requests.js';
import { projectRequests, trustedSettings } from '../settings/project-trust.js';
import { SCOPE_TITLES, serversIn } from './mcp-scopes.js';
import type { McpPlace, McpScope } from './mcp-scopes.js';

const QUIET: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

export type ServerState =
  McpProbe | { readonly state: 'needs-approval' } | { readonly state: 'disabled' };

export interface ConfiguredServer {
  readonly name: string;
  readonly scope: McpScope;
  readonly config: McpServerConfig;
  /** Whether a session here would start it. */
  readonly starts: boolean;
  /** A `.mcp.json` server some settings file keeps off (`disabledMcpjsonServers`). */
  readonly disabled?: boolean;
}

export interface ConfiguredServers {
  readonly servers: readonly ConfiguredServer[];
  readonly serverEnv: Readonly<Record<string, string>>;
  readonly problems: readonly string[];
}

/** Every server of the three scopes, each name once, as a session in this folder would see it. */
export async function configuredServers(place: McpPlace, io: CliIo): Promise<ConfiguredServers> {
  const loaded = loadSettings({ ...place, claudeHome: resolveClaudeHome(io.env) });
  const stronger = { env: io.env };
  const trust = await decideWorkspaceTrust({
    ...place,
    requests: projectRequests(loaded, stronger),
  });
  const settings = trustedSettings(loaded, trust.granted, stronger);
  const starting = settings.mcpServers ?? {};
  const approval = readMcpApproval(loaded.mcpApproval);
  const user = serversIn('user', place);
  const project = serversIn('project', place);
  const local = serversIn('local', place);
  const names = new Set([
    ...Object.keys(user.servers),
    ...Object.keys(project.servers),
    ...Object.keys(local.servers),
  ]);
  const servers: ConfiguredServer[] = [];
  for (const name of [...names].sort()) {
    const inLocal = local.servers[name];
    const inProject = project.servers[name];
    const inUser = user.servers[name];
    if (inLocal) servers.push({ name, scope: 'local', config: inLocal, starts: true });
    else if (inProject && sameServer(starting[name], inProject))
      servers.push({ name, scope: 'project', config: inProject, starts: true });
    else if (inUser) servers.push({ name, scope: 'user', config: inUser, starts: true });
    else if (inProject)
      servers.push({
        name,
        scope: 'project',
        config: inProject,
        starts: false,
        disabled: approval.disables(name),
      });
  }
  return {
    servers,
    serverEnv: settings.commandEnv ?? {},
    problems: [...loaded.warnings, ...trust.problems],
  };
}

/** Connects to the server (when a session would) and says what came of it. */
export async function stateOf(
  server: ConfiguredServer,
  place: McpPlace,
  io: CliIo,
  serverEnv: Readonly<Record<string, string>>,
): Promise<ServerState> {
  if (!server.starts) return server.disabled ? { state: 'disabled' } : { state: 'needs-approval' };
  return probeMcpServer({
    name: server.name,
    config: server.config,
    workdir: place.workdir,
    env: io.env,
    serverEnv,
    timeouts: resolveMcpTimeouts(io.env),
    logger: QUIET,
  });
}

/** Claude Code's words for a state, Wave's reason after a failure. */
export function stateText(state: ServerState): string {
  switch (state.state) {
    case 'connected':
      return '✓ Connected';
    case 'failed':
      return `✗ Failed to connect: ${state.reason}`;
    case 'disabled':
      return '✗ Disabled (disabledMcpjsonServers)';
    case 'needs-approval':
      return '⏸ Needs approval (start wave here and trust the folder, or run wave trust)';
  }
}

/** The command line, or the URL with its transport, as Claude Code's list shows it. */
export function targetText(config: McpServerConfig): string {
  if (config.type === 'http') return `${config.url} (HTTP)`;
  if (config.type === 'sse') return `${config.url} (SSE)`;
  return serverTarget(config);
}

export function scopeTitle(scope: McpScope): string {
  return SCOPE_TITLES[scope];
}
