// Running one tool call safely: input the model got wrong comes back as a correction naming the
// field, and a tool that throws comes back as an error result, never as a crash of the turn.
import { invalidInputResult } from './define-tool.js';
import { errorMessage } from './error-details.js';
import type { ToolContext, ToolDefinition, ToolResult } from './tool.js';

export type ParsedToolInput<Input> =
  | { readonly ok: true; readonly input: Input }
  | { readonly ok: false; readonly result: ToolResult };

/** Checks raw model input against the tool's schema; a failure carries the result to send back. */
export function parseToolInput<Input>(
  tool: ToolDefinition<Input>,
  rawInput: unknown,
): ParsedToolInput<Input> {
  const parsed = tool.inputSchema.safeParse(rawInput);
  if (parsed.success) return { ok: true, input: parsed.data };
  return { ok: false, result: invalidInputResult(tool.name, parsed.error) };
}

/** Parses the input, then executes; every failure becomes a result the model can read. */
export async function runTool<Input>(
  tool: ToolDefinition<Input>,
  rawInput: unknown,
  context: ToolContext,
): Promise<ToolResult> {
  const parsed = parseToolInput(tool, rawInput);
  if (!parsed.ok) return parsed.result;
  if (context.signal.aborted) {
    return { isError: true, output: `${tool.name} was not run: the user aborted the turn.` };
  }
  try {
    return await tool.execute(parsed.input, context);
  } catch (error) {
    if (context.signal.aborted) {
      return { isError: true, output: `${tool.name} stopped: the user aborted the turn.` };
    }
    return {
      isError: true,
      output: `${tool.name} failed unexpectedly: ${errorMessage(error)}. Check the input and try again, or take another approach.`,
    };
  }
}
