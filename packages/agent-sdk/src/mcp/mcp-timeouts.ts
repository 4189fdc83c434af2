// How long Wave waits for an MCP server: to start and list its tools, and to answer one call.
// Both are bounded so a server that hangs never holds up start-up or a turn for ever; both can
// be changed in the environment (milliseconds) or by the SDK's options.
import { ConfigError } from '../model/provider-settings.js';

/** Starting a server and listing its tools (npx may download a package first). */
export const DEFAULT_MCP_CONNECT_TIMEOUT_MS = 30_000;
/** One tool call, like Bash's default timeout. */
export const DEFAULT_MCP_CALL_TIMEOUT_MS = 120_000;

const MAX_TIMEOUT_MS = 24 * 60 * 60 * 1000;

export interface McpTimeouts {
  readonly connectMs: number;
  readonly callMs: number;
}

function fromEnv(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
): number | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_TIMEOUT_MS) {
    throw new ConfigError(
      `${name} must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}, not "${value.slice(0, 40)}". Fix or unset it.`,
    );
  }
  return Number(value);
}

/** Explicit options, then WAVE_MCP_CONNECT_TIMEOUT_MS / WAVE_MCP_TOOL_TIMEOUT_MS, then defaults. */
export function resolveMcpTimeouts(
  env: Readonly<Record<string, string | undefined>>,
  explicit: Partial<McpTimeouts> = {},
): McpTimeouts {
  return {
    connectMs:
      explicit.connectMs ??
      fromEnv(env, 'WAVE_MCP_CONNECT_TIMEOUT_MS') ??
      DEFAULT_MCP_CONNECT_TIMEOUT_MS,
    callMs:
      explicit.callMs ?? fromEnv(env, 'WAVE_MCP_TOOL_TIMEOUT_MS') ?? DEFAULT_MCP_CALL_TIMEOUT_MS,
  };
}
