// Runs one complete tool call: checks its input, asks permission, executes it with streamed
// output, and ends its block with the result the model will read. Every path ends the block.
import type { AgentEvent, ToolBlockUpdatedEvent } from '@wave-agent/shared-protocol';
import type { PermissionPolicy } from '../permissions/permission-policy.js';
import type { ToolDefinition } from '../tools/tool.js';
import type { ToolSession } from '../tools/tool-session.js';
import type { CompleteToolCall } from './call-presenter.js';

export const SKIPPED_AFTER_REJECTION =
  'Skipped: the user rejected an earlier tool call in this response, so this call was not run.';
export const NOT_RUN_ABORTED = 'Not run: the user aborted the turn before this call started.';

export interface ResponseToolState {
  /** Set when a person rejects a call; later calls of the same response are skipped. */
  rejected: boolean;
}

export interface ToolRunnerContext {
  readonly messageId: string;
  readonly workdir: string;
  readonly emit: (event: AgentEvent) => void;
  readonly findTool: (name: string) => ToolDefinition<unknown> | undefined;
  readonly permissions: PermissionPolicy;
  readonly signal: AbortSignal;
  readonly response: ResponseToolState;
  readonly beforeFileChange?: (absolutePath: string) => Promise<void>;
  readonly beforeExecute?: () => Promise<void>;
  readonly session?: ToolSession;
}

type EndFields = Pick<
  ToolBlockUpdatedEvent,
  'result' | 'error' | 'shortResult' | 'parameters' | 'compactParams'
>;

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text.trim() === '' ? '{}' : text) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

function describeIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): string {
  return issues
    .map((issue) => `${issue.path.map(String).join('.') || '(input)'}: ${issue.message}`)
    .join('; ');
}

export async function runToolCall(
  call: CompleteToolCall,
  context: ToolRunnerContext,
): Promise<void> {
  const { messageId, emit } = context;
  const base = { type: 'toolBlockUpdated', messageId, id: call.id, name: call.toolName } as const;
  const end = (fields: EndFields) => emit({ ...base, stage: 'end', ...fields });
  const compactParams = () => call.compact.current;
  const withCompact = () =>
    compactParams() !== undefined ? { compactParams: compactParams() } : {};

  if (context.signal.aborted) return end({ error: NOT_RUN_ABORTED, ...withCompact() });
  if (context.response.rejected) return end({ error: SKIPPED_AFTER_REJECTION, ...withCompact() });

  const tool = context.findTool(call.toolName);
  if (!tool) {
    return end({
      error: `There is no tool named "${call.toolName}". Use one of the tools you were given.`,
    });
  }
  const json = parseJson(call.input);
  if (!json.ok) {
    return end({
      error: `The input for ${tool.name} was not valid JSON (${json.message}). Call the tool again with a valid JSON object.`,
    });
  }
  const parsed = tool.inputSchema.safeParse(json.value);
  const parameters = JSON.stringify(json.value);
  if (!parsed.success) {
    return end({
      parameters,
      error: `The input for ${tool.name} is invalid: ${describeIssues(parsed.error.issues)}. Call the tool again with corrected input.`,
      ...withCompact(),
    });
  }
  const input = parsed.data;
  call.compact.final(input);

  const decision = await context.permissions.check({
    tool,
    input,
    toolCallId: call.id,
    ...withCompact(),
    signal: context.signal,
  });
  // Stopped while the question was open: the call was not run because of the stop, whatever
  // the question's (withdrawn) answer says.
  if (context.signal.aborted) return end({ parameters, error: NOT_RUN_ABORTED, ...withCompact() });
  if (!decision.allowed) {
    if (decision.byUser) context.response.rejected = true;
    return end({ parameters, error: decision.reason, ...withCompact() });
  }

  // Every running event repeats the stable fields (ARCHITECTURE §2.8).
  const running = { ...base, stage: 'running', parameters, ...withCompact() } as const;
  emit(running);
  let shortResult: string | undefined;
  try {
    // A command may change any file: the turn's snapshot of the working directory comes first.
    if (tool.permission === 'execute') await context.beforeExecute?.();
    const result = await tool.execute(input, {
      workdir: context.workdir,
      signal: context.signal,
      call: { messageId, toolCallId: call.id },
      ...(context.session ? { session: context.session } : {}),
      onOutput: (update) => {
        shortResult = update.shortResult;
        emit({ ...running, resultChunk: update.chunk, shortResult: update.shortResult });
      },
      ...(context.beforeFileChange ? { beforeFileChange: context.beforeFileChange } : {}),
    });
    end({
      parameters,
      result: result.output,
      ...(result.isError ? { error: firstLine(result.output) } : {}),
      ...(shortResult !== undefined ? { shortResult } : {}),
      ...withCompact(),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    end({ parameters, error: `${tool.name} failed: ${message}`, ...withCompact() });
  }
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line || 'The tool reported an error.';
}
