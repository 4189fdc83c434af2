// Erasing a tool's input type so tools of different inputs share one list, without trusting
// unchecked input: every erased entry point validates with the tool's own schema before the
// typed implementation sees anything.
import type { z } from 'zod';
import { settleSoonAfterAbort } from './abort-grace.js';
import type { ToolContext, ToolDefinition, ToolResult } from './tool.js';
import { isRecord } from '@wave-agent/shared-protocol';

/** A tool whose input type has been erased; its input is validated on every call. */
export type AnyTool = ToolDefinition<unknown>;

/** What a built-in tool declares: the contract, plus a schema for input that is still streaming. */
export interface TypedToolDefinition<Input> extends ToolDefinition<Input> {
  /** The input schema with every field optional (`inputSchema.partial()`), for `compact`. */
  readonly partialInputSchema: z.ZodType<Partial<Input>>;
}

/** Turns schema issues into a correction the model can act on, naming each field. */
export function invalidInputResult(toolName: string, error: z.ZodError): ToolResult {
  const problems = error.issues.map((issue) => {
    const field = issue.path.map(String).join('.') || '(input)';
    return `- ${field}: ${issue.message}`;
  });
  return {
    isError: true,
    output: `Invalid input for ${toolName}:\n${problems.join('\n')}\nFix these fields and call ${toolName} again.`,
  };
}

/**
 * The fields of streaming input that are already valid. A field that is not (yet) valid is
 * left out instead of hiding the whole summary.
 */
function validFields<Input>(
  schema: z.ZodType<Partial<Input>>,
  raw: unknown,
): Partial<Input> | undefined {
  if (!isRecord(raw)) return undefined;
  const candidate: Record<string, unknown> = { ...raw };
  // Each round removes at least one field, so this ends after at most one round per field.
  for (let round = 0; round <= Object.keys(raw).length; round += 1) {
    const parsed = schema.safeParse(candidate);
    if (parsed.success) return parsed.data;
    const badFields = parsed.error.issues
      .map((issue) => issue.path[0])
      .filter((key): key is string => typeof key === 'string' && key in candidate);
    if (badFields.length === 0) return undefined;
    for (const key of badFields) delete candidate[key];
  }
  return undefined;
}

/** Declares a built-in tool and returns it with its input type erased, ready for a tool list. */
export function defineTool<Input>(definition: TypedToolDefinition<Input>): AnyTool {
  const { inputSchema, partialInputSchema } = definition;
  const paths = definition.paths?.bind(definition);
  const webHost = definition.webHost?.bind(definition);
  return {
    name: definition.name,
    description: definition.description,
    inputSchema,
    permission: definition.permission,
    ...(definition.runsCommands === true && { runsCommands: true }),
    ...(definition.findsFiles === true && { findsFiles: true }),
    ...(definition.asksOncePerSession !== undefined && {
      asksOncePerSession: definition.asksOncePerSession,
    }),
    compact(rawInput: unknown, workdir?: string): string | undefined {
      const input = validFields(partialInputSchema, rawInput);
      return input === undefined ? undefined : definition.compact(input, workdir);
    },
    ...(paths && {
      // Invalid input touches nothing: execute refuses it, so there are no paths to report.
      paths(rawInput: unknown, workdir: string): string[] {
        const parsed = inputSchema.safeParse(rawInput);
        return parsed.success ? paths(parsed.data, workdir) : [];
      },
    }),
    ...(webHost && {
      webHost(rawInput: unknown): string | undefined {
        const parsed = inputSchema.safeParse(rawInput);
        return parsed.success ? webHost(parsed.data) : undefined;
      },
    }),
    async execute(rawInput: unknown, context: ToolContext): Promise<ToolResult> {
      const parsed = inputSchema.safeParse(rawInput);
      if (!parsed.success) return invalidInputResult(definition.name, parsed.error);
      return settleSoonAfterAbort(
        definition.name,
        definition.execute(parsed.data, context),
        context.signal,
      );
    },
  };
}
