// How each MCP tool server of the session stands, as every host lists it (/mcp): starting, ready
// with the tools it gave the model, failed (and why), or closed. Session state, built from the
// mcpServer* events by the one reducer; it describes this process's connections, so it is not
// kept in the session file.

import { z } from 'zod';
import { lazySchema } from '../values/lazy-schema.js';

export const MCP_SERVER_STATES = ['connecting', 'connected', 'failed', 'closed'] as const;
export const McpServerStateSchema = lazySchema(() => z.enum(MCP_SERVER_STATES));
export type McpServerState = z.output<typeof McpServerStateSchema>;

/**
 * How Wave reaches a server: a process it started (stdio), a URL (http, sse), or through the
 * host that has it in its own process (sdk: a Claude Agent SDK app's createSdkMcpServer).
 */
export const McpTransportSchema = lazySchema(() => z.enum(['stdio', 'http', 'sse', 'sdk']));
export type McpTransport = z.output<typeof McpTransportSchema>;

/** One argument of a server's prompt, in the order the server lists them. */
export const McpPromptArgumentSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    description: z.string().optional(),
    required: z.boolean().optional(),
  }),
);
export type McpPromptArgument = z.output<typeof McpPromptArgumentSchema>;

/**
 * A prompt a server offers (MCP `prompts/list`), which every host offers as the slash command
 * `/mcp__<server>__<prompt>` (`commands/mcp-prompt-commands.ts`).
 */
export const McpPromptInfoSchema = lazySchema(() =>
  z.object({
    /** As the server names it (what `prompts/get` is asked for). */
    name: z.string(),
    description: z.string().optional(),
    arguments: z.array(McpPromptArgumentSchema).readonly(),
  }),
);
export type McpPromptInfo = z.output<typeof McpPromptInfoSchema>;

/**
 * A resource a server lists (MCP `resources/list`), which the user mentions as `@<server>:<uri>`
 * (`mentions/mcp-resource-mentions.ts`) to attach what the server reads of it.
 */
export const McpResourceInfoSchema = lazySchema(() =>
  z.object({
    uri: z.string(),
    name: z.string(),
    description: z.string().optional(),
    mimeType: z.string().optional(),
  }),
);
export type McpResourceInfo = z.output<typeof McpResourceInfoSchema>;

export const McpServerStatusSchema = lazySchema(() =>
  z.object({
    /** The server's name in the configuration (the `<server>` of `mcp__<server>__<tool>`). */
    name: z.string(),
    transport: McpTransportSchema,
    /** The command line Wave started, the URL it connects to, or where the host keeps it. */
    target: z.string(),
    state: McpServerStateSchema,
    /** The tools it gives the model, as the model names them; empty unless connected. */
    tools: z.array(z.string()).readonly(),
    /** The prompts it offers as slash commands; absent when it offers none or is not connected. */
    prompts: z.array(McpPromptInfoSchema).readonly().optional(),
    /** The resources it lists, for `@<server>:<uri>` mentions; absent when none or not connected. */
    resources: z.array(McpResourceInfoSchema).readonly().optional(),
    /** Why it failed or closed, as a sentence. */
    reason: z.string().optional(),
    /** Epoch ms of the last change of state. */
    since: z.number(),
  }),
);

export type McpServerStatus = z.output<typeof McpServerStatusSchema>;
export const McpServerStatusListSchema = lazySchema(() =>
  z.array(McpServerStatusSchema).readonly(),
);
