// An MCP server's tools as Wave tools: named `mcp__<server>__<tool>` (Claude Code's names, so
// allowedTools and habits carry over), described to the model with the server's own input
// schema, and run through the same stages and permission rules as built-in tools. As far as Wave
// knows they change things (`execute`: they ask in default and acceptEdits, never run in plan);
// a server's own hints (readOnlyHint) are its word, not the user's, so they never lower that.
// What a server lists is a stranger's input: names are made safe, sizes are bounded, and a
// tool that cannot be offered is left out with a sentence saying why.
import type { JSONSchema7 } from '@ai-sdk/provider';
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { AnyTool } from '../tools/define-tool.js';
import { errorMessage } from '../tools/error-details.js';
import type { ToolResult } from '../tools/tool.js';
import type { ElicitationAsking } from './elicitation.js';
import { resultText } from './mcp-result-text.js';

export const MCP_TOOL_PREFIX = 'mcp__';
/** Providers accept tool names of at most 64 characters (OpenAI's limit, the tighter one). */
const MAX_TOOL_NAME = 64;
/** At most this many tools of one server are offered (each costs the model context). */
export const MAX_TOOLS_PER_SERVER = 200;
const MAX_DESCRIPTION_CHARS = 4000;
const MAX_SCHEMA_CHARS = 64 * 1024;

export type CallMcpTool = (
  toolName: string,
  args: Record<string, unknown>,
  signal: AbortSignal,
  /** How the server's questions during the call reach the user (elicitation.ts). */
  asking: ElicitationAsking,
) => Promise<CallToolResult>;

export interface AdaptedTools {
  readonly tools: readonly AnyTool[];
  /** One sentence per tool left out. */
  readonly problems: readonly string[];
}

/** Characters providers do not accept in a tool name become `_`, as Claude Code does. */
function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, '_');
}

export function mcpToolName(server: string, tool: string): string {
  return `${MCP_TOOL_PREFIX}${safeName(server)}__${safeName(tool)}`;
}

const ArgumentsSchema = z.record(z.string(), z.unknown());
const ObjectSchema = z.object({ type: z.literal('object') }).loose();

/** `a: 1, path: "x"` for the collapsed view, from input that may still be streaming. */
function compactArgs(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const pairs = Object.entries(input).map(([key, value]) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return `${key}: ${text}`;
  });
  if (pairs.length === 0) return undefined;
  const line = pairs.join(', ').replace(/\s+/g, ' ');
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

function describe(server: string, listed: Tool): string {
  const own = listed.description?.trim() || listed.title?.trim() || listed.name;
  const text = own.length > MAX_DESCRIPTION_CHARS ? `${own.slice(0, MAX_DESCRIPTION_CHARS)}…` : own;
  return `${text}\n(A tool of the MCP server "${server}".)`;
}

function adaptOne(server: string, listed: Tool, call: CallMcpTool): AnyTool | string {
  const name = mcpToolName(server, listed.name);
  if (name.length > MAX_TOOL_NAME) {
    return `its tool "${listed.name.slice(0, 80)}" is left out: ${name} is longer than the ${MAX_TOOL_NAME} characters a tool name may have.`;
  }
  const schemaText = JSON.stringify(listed.inputSchema);
  if (schemaText.length > MAX_SCHEMA_CHARS) {
    return `its tool "${listed.name}" is left out: its input schema is ${schemaText.length} characters, more than ${MAX_SCHEMA_CHARS}.`;
  }
  const schema = ObjectSchema.safeParse(listed.inputSchema);
  if (!schema.success) {
    return `its tool "${listed.name}" is left out: its input schema does not describe an object.`;
  }
  // The schema passed through JSON and says it is an object: what a model's tool schema is.
  const modelSchema: JSONSchema7 = schema.data;
  return {
    name,
    description: describe(server, listed),
    inputSchema: ArgumentsSchema,
    modelSchema,
    permission: 'execute',
    askReason: `${name} is a tool of the MCP server "${server}", which can do anything its server does`,
    compact: (input) => compactArgs(input),
    async execute(input, context): Promise<ToolResult> {
      const args = ArgumentsSchema.parse(input);
      try {
        const asking: ElicitationAsking = {
          ...(context.session?.askUser ? { askUser: context.session.askUser } : {}),
          ...(context.call ? { call: context.call } : {}),
        };
        const result = await call(listed.name, args, context.signal, asking);
        return { output: resultText(result), ...(result.isError ? { isError: true } : {}) };
      } catch (error) {
        return { isError: true, output: errorMessage(error) };
      }
    },
  };
}

/** The server's listed tools as Wave tools, each offered or left out with a reason. */
export function adaptMcpTools(
  server: string,
  listed: readonly Tool[],
  call: CallMcpTool,
): AdaptedTools {
  const tools: AnyTool[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const entry of listed.slice(0, MAX_TOOLS_PER_SERVER)) {
    const adapted = adaptOne(server, entry, call);
    if (typeof adapted === 'string') problems.push(adapted);
    else if (seen.has(adapted.name)) {
      problems.push(
        `its tool "${entry.name}" is left out: another of its tools is also named ${adapted.name}.`,
      );
    } else {
      seen.add(adapted.name);
      tools.push(adapted);
    }
  }
  if (listed.length > MAX_TOOLS_PER_SERVER) {
    problems.push(
      `it lists ${listed.length} tools; only the first ${MAX_TOOLS_PER_SERVER} are offered.`,
    );
  }
  return { tools, problems };
}
