// `${VAR}` and `${VAR:-default}` in an MCP server's command, arguments, variables, URL and
// headers, as Claude Code expands them, so a `.mcp.json` that reads a token from the environment
// works unchanged. Expanded from the environment Wave was given, once, before the server starts;
// the configuration (and the trust question about it) keeps the unexpanded text.
import type { McpServerConfig } from '@wave-agent/shared-protocol';
import { isRemoteServer } from './server-target.js';

type Env = Readonly<Record<string, string | undefined>>;

export interface ExpandedConfig {
  readonly config: McpServerConfig;
  /** Variables used without a default that are not set (expanded to nothing). */
  readonly missing: readonly string[];
}

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

export function expandVariables(config: McpServerConfig, env: Env): ExpandedConfig {
  const missing = new Set<string>();
  const expand = (text: string): string =>
    text.replace(REFERENCE, (_whole, name: string, fallback: string | undefined) => {
      const value = env[name];
      if (value !== undefined) return value;
      if (fallback !== undefined) return fallback;
      missing.add(name);
      return '';
    });
  const expandValues = (record: Readonly<Record<string, string>> | undefined) =>
    record &&
    Object.fromEntries(Object.entries(record).map(([key, value]) => [key, expand(value)]));
  if (isRemoteServer(config)) {
    const headers = expandValues(config.headers);
    return {
      config: { ...config, url: expand(config.url), ...(headers ? { headers } : {}) },
      missing: [...missing],
    };
  }
  const variables = expandValues(config.env);
  return {
    config: {
      ...config,
      command: expand(config.command),
      ...(config.args ? { args: config.args.map(expand) } : {}),
      ...(variables ? { env: variables } : {}),
    },
    missing: [...missing],
  };
}
