// One look at an MCP server, outside a session (`wave mcp list` and `get`): started or reached as
// a session would (its `${VAR}` expanded, the settings' variables under its own `env`), its
// tools listed, then closed at once. The answer is the state and, when it failed, why, in the
// same sentences a session says. The MCP SDK is loaded only here, when a server is looked at.
import type { McpServerConfig } from '@wave-agent/shared-protocol';
import type { Logger } from '../logger.js';
import { errorMessage } from '../tools/error-details.js';
import { expandVariables } from './expand-variables.js';
import type { McpTimeouts } from './mcp-timeouts.js';
import { isRemoteServer } from './server-target.js';

export interface McpProbeInput {
  readonly name: string;
  readonly config: McpServerConfig;
  readonly workdir: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The settings' variables every stdio server gets under its own `env`. */
  readonly serverEnv?: Readonly<Record<string, string>>;
  readonly timeouts: McpTimeouts;
  readonly logger: Logger;
}

export type McpProbe =
  | { readonly state: 'connected'; readonly tools: readonly string[] }
  | { readonly state: 'failed'; readonly reason: string };

export async function probeMcpServer(input: McpProbeInput): Promise<McpProbe> {
  const { config: expanded } = expandVariables(input.config, input.env);
  const serverEnv = input.serverEnv ?? {};
  const config =
    isRemoteServer(expanded) || Object.keys(serverEnv).length === 0
      ? expanded
      : { ...expanded, env: { ...serverEnv, ...expanded.env } };
  const { McpConnectError, McpConnection } = await import('./mcp-connection.js');
  try {
    const connection = await McpConnection.open({
      name: input.name,
      config,
      workdir: input.workdir,
      timeouts: input.timeouts,
      logger: input.logger,
      onLost: () => {},
    });
    const tools = connection.tools.map((tool) => tool.name);
    await connection.close();
    return { state: 'connected', tools };
  } catch (error) {
    if (error instanceof McpConnectError) await error.stopped;
    return { state: 'failed', reason: errorMessage(error) };
  }
}
