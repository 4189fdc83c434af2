// How a user names an MCP tool server, in Claude Code's `.mcp.json` shape so a user's existing
// file works unchanged: `{ "mcpServers": { "<name>": { "command", "args", "env" } | { "type":
// "http", "url", "headers" } } }`, stdio being the default type. The same shape comes from
// `$WAVE_HOME/settings.json` and from a host (ACP's `session/new`). A config only says where a
// server is; whether it may start is workspace trust's decision, made before it reaches here.

import { z } from 'zod';
import { lazySchema } from '../values/lazy-schema.js';

const StringMapSchema = lazySchema(() => z.record(z.string(), z.string()));

/** A server Wave starts as a child process and talks to over its stdin/stdout. */
export const McpStdioServerConfigSchema = lazySchema(() =>
  z.object({
    type: z.literal('stdio').optional(),
    command: z.string().min(1),
    args: z.array(z.string()).optional(),
    env: StringMapSchema.optional(),
  }),
);

/** A server already running somewhere, reached over streamable HTTP (or its older SSE form). */
export const McpHttpServerConfigSchema = lazySchema(() =>
  z.object({
    type: z.enum(['http', 'sse']),
    url: z.url(),
    headers: StringMapSchema.optional(),
  }),
);

export const McpServerConfigSchema = lazySchema(() =>
  z.union([McpStdioServerConfigSchema, McpHttpServerConfigSchema]),
);

/** Server names become part of tool names (`mcp__<server>__<tool>`): letters, digits, _ and -. */
export const McpServerNameSchema = lazySchema(() => z.string().regex(/^[A-Za-z0-9_-]{1,64}$/));

export const McpServersSchema = lazySchema(() =>
  z.record(McpServerNameSchema, McpServerConfigSchema),
);

export type McpStdioServerConfig = z.output<typeof McpStdioServerConfigSchema>;
export type McpHttpServerConfig = z.output<typeof McpHttpServerConfigSchema>;
export type McpServerConfig = z.output<typeof McpServerConfigSchema>;
/** Servers by name. */
export type McpServers = Readonly<Record<string, McpServerConfig>>;
