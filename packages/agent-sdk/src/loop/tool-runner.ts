// Runs one complete tool call: checks its input, asks permission, executes it with streamed
// output, and ends its block with the result the model will read. Every path ends the block.
import type { AgentEvent, ToolBlockUpdatedEvent } from '@wave-agent/shared-protocol';
import type { PermissionPolicy } from '../permissions/permission-policy.js';
import type { TurnHooks } from '../hooks/turn-hooks.js';
import type { ToolDefinition } from '../tools/tool.js';
import type { ToolSession } from '../tools/tool-session.js';
import type { CompleteToolCall } from './call-presenter.js';
import { errorText } from '@wave-agent/shared-protocol';
import { whyNoPersonTool } from '../tools/person-tools.js';

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
  readonly hooks?: TurnHooks;
  /** Why a tool the model called is not there (an MCP server that is down), as a sentence. */
  readonly whyNoTool?: (toolName: string) => string | undefined;
}

type EndFields = Pick<
  ToolBlockUpdatedEvent,
  'result' | 'error' | 'shortResult' | 'parameters' | 'compactParams' | 'sandboxed' | 'unasked'
>;

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text.trim() === '' ? '{}' : text) };
  } catch (error) {
    return { ok: false, message: errorText(error) };
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
      error:
        (context.session?.askUser ? undefined : whyNoPersonTool(call.toolName)) ??
        context.whyNoTool?.(call.toolName) ??
        `There is no tool named "${call.toolName}". Use one of the tools you were given.`,
    });
  }
  const json = parseJson(call.input);
  if (!json.ok) {
    return end({
      error: `The input for ${tool.name} was not valid JSON (${json.message}). Call the tool again with a valid JSON object.`,
    });
  }
  const parsed = tool.inputSchema.safeParse(json.value);
  if (!parsed.success) {
    return end({
      parameters: JSON.stringify(json.value),
      error: `The input for ${tool.name} is invalid: ${describeIssues(parsed.error.issues)}. Call the tool again with corrected input.`,
      ...withCompact(),
    });
  }
  let input = parsed.data;
  let parameters = JSON.stringify(json.value);
  const hookCall = { messageId, toolCallId: call.id, toolName: tool.name, input: json.value };
  const pre = await context.hooks?.preToolUse(hookCall, context.signal, emit);
  if (pre?.block !== undefined) return end({ parameters, error: pre.block, ...withCompact() });
  /** Takes an input someone changed (a hook, the one asked), checked again by the tool's schema. */
  const change = (updatedInput: Record<string, unknown>, who: string): string | undefined => {
    const updated = tool.inputSchema.safeParse(updatedInput);
    if (!updated.success)
      return `${who} changed the input of ${tool.name} to one it does not take: ${describeIssues(updated.error.issues)}.`;
    input = updated.data;
    parameters = JSON.stringify(updatedInput);
    return undefined;
  };
  if (pre?.updatedInput !== undefined) {
    const problem = change(pre.updatedInput, 'A PreToolUse hook');
    if (problem !== undefined) return end({ parameters, error: problem, ...withCompact() });
  }
  call.compact.final(input);

  const decision = await context.permissions.check({
    tool,
    input,
    toolCallId: call.id,
    ...withCompact(),
    signal: context.signal,
    ...(pre?.permission ? { hook: { decision: pre.permission } } : {}),
  });
  // Stopped while the question was open: the call was not run because of the stop, whatever
  // the question's (withdrawn) answer says.
  if (context.signal.aborted) return end({ parameters, error: NOT_RUN_ABORTED, ...withCompact() });
  if (!decision.allowed) {
    if (decision.byUser) context.response.rejected = true;
    return end({ parameters, error: decision.reason, ...withCompact() });
  }
  if (decision.updatedInput !== undefined) {
    const problem = change(decision.updatedInput, 'The permission answer');
    if (problem !== undefined) return end({ parameters, error: problem, ...withCompact() });
    call.compact.final(input);
  }

  let shortResult: string | undefined;
  let ended: { result?: string; error?: string };
  try {
    // A tool that runs programs gets the spawn wrapper the policy chose (sandboxed or not).
    const commands = tool.runsCommands
      ? await context.permissions.launcherFor(
          { tool, input, toolCallId: call.id, ...withCompact(), signal: context.signal },
          decision,
        )
      : undefined;
    const sandboxed = commands?.sandboxOn ? { sandboxed: commands.sandboxed } : {};
    const unasked = decision.unasked ? { unasked: decision.unasked } : {};
    // A tool that finds files (Grep, Glob, LS) has the rules judge each one, not only its folder.
    const fileRules = await context.permissions.fileRules({ tool, input });
    // Every running event repeats the stable fields (ARCHITECTURE §2.8).
    const running = {
      ...base,
      stage: 'running',
      parameters,
      ...withCompact(),
      ...sandboxed,
      ...unasked,
    } as const;
    emit(running);
    // A command may change any file: the turn's snapshot of the working directory comes first.
    if (tool.permission === 'execute') await context.beforeExecute?.();
    const result = await tool.execute(input, {
      workdir: context.workdir,
      signal: context.signal,
      call: { messageId, toolCallId: call.id },
      ...(context.session ? { session: context.session } : {}),
      ...(commands ? { commands } : {}),
      ...(fileRules ? { fileRules } : {}),
      ...(tool.webHost
        ? { hostNamedByRule: (host: string) => context.permissions.ruleNamesHost(tool, host) }
        : {}),
      onOutput: (update) => {
        shortResult = update.shortResult;
        emit({ ...running, resultChunk: update.chunk, shortResult: update.shortResult });
      },
      ...(context.beforeFileChange ? { beforeFileChange: context.beforeFileChange } : {}),
    });
    const error = result.isError ? firstLine(result.output) : undefined;
    end({
      parameters,
      result: result.output,
      ...(error !== undefined ? { error } : {}),
      ...(shortResult !== undefined ? { shortResult } : {}),
      ...withCompact(),
      ...(result.sandboxed !== undefined ? { sandboxed: result.sandboxed } : sandboxed),
      ...unasked,
    });
    ended = { result: result.output, ...(error !== undefined ? { error: result.output } : {}) };
  } catch (error) {
    const message = errorText(error);
    end({ parameters, error: `${tool.name} failed: ${message}`, ...withCompact() });
    ended = { error: `${tool.name} failed: ${message}` };
  }
  const interrupted = context.signal.aborted;
  // After an abort no hook starts: the turn is ending.
  if (!interrupted)
    await context.hooks?.postToolUse(hookCall, { ...ended, interrupted }, context.signal, emit);
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line || 'The tool reported an error.';
}
