// A Wave tool block as ACP shows a tool call: a title from the tool's name and its compact
// parameters, a kind for the editor's icon, the files it touches (absolute, for "follow the
// agent"), and at the end its result: Edit and Write as a diff, everything else as text. Live
// and replayed sessions build their updates here, so a loaded session shows what was streamed.
import { isAbsolute, resolve } from 'node:path';
import type * as acp from '@agentclientprotocol/sdk';
import type { ToolBlock } from '@wave-agent/shared-protocol';
import { isRecord } from '@wave-agent/shared-protocol';

type ToolCallUpdate = Extract<acp.SessionUpdate, { sessionUpdate: 'tool_call_update' }>;
type ToolCallStart = Extract<acp.SessionUpdate, { sessionUpdate: 'tool_call' }>;

/** Wave's tools by the kind of work they do; anything else (MCP tools, Task) is "other". */
const TOOL_KINDS: Readonly<Record<string, acp.ToolKind>> = {
  Read: 'read',
  LS: 'read',
  Glob: 'search',
  Grep: 'search',
  Write: 'edit',
  Edit: 'edit',
  Bash: 'execute',
  BashOutput: 'execute',
  KillBash: 'execute',
  TodoWrite: 'think',
};

/** The parameter that names the file or folder a tool works on. */
const PATH_PARAMETERS: Readonly<Record<string, string>> = {
  Read: 'file_path',
  Write: 'file_path',
  Edit: 'file_path',
  LS: 'path',
  Glob: 'path',
  Grep: 'path',
};

export function toolKind(name: string): acp.ToolKind {
  return TOOL_KINDS[name] ?? 'other';
}

export function toolTitle(name: string, compactParams: string | undefined): string {
  return compactParams ? `${name} ${compactParams}` : name;
}

/**
 * Tool ids are the provider's, unique within one message; ACP wants them unique in the session,
 * so the message's id goes in front.
 */
export function toolCallId(messageId: string, id: string): string {
  return `${messageId}/${id}`;
}

/** The call's input as the model sent it, or undefined while it is not (yet) a JSON object. */
export function parsedParameters(parameters: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(parameters);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function stringField(input: Record<string, unknown>, field: string): string | undefined {
  const value = input[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function absolute(workdir: string, path: string): string {
  return isAbsolute(path) ? path : resolve(workdir, path);
}

export function toolLocations(
  name: string,
  input: Record<string, unknown>,
  workdir: string,
): acp.ToolCallLocation[] {
  const field = PATH_PARAMETERS[name];
  const path = field === undefined ? undefined : stringField(input, field);
  if (path === undefined) return [];
  const offset = input.offset;
  const line = name === 'Read' && typeof offset === 'number' && offset > 0 ? offset : undefined;
  return [{ path: absolute(workdir, path), ...(line !== undefined ? { line } : {}) }];
}

/** The block's identity and what it says so far (a live event carries the same fields). */
export interface ToolCallFacts {
  readonly messageId: string;
  readonly id: string;
  readonly name: string;
  readonly compactParams?: string | undefined;
}

export function toolCallStarted(facts: ToolCallFacts): ToolCallStart {
  return {
    sessionUpdate: 'tool_call',
    toolCallId: toolCallId(facts.messageId, facts.id),
    title: toolTitle(facts.name, facts.compactParams),
    name: facts.name,
    kind: toolKind(facts.name),
    status: 'pending',
  };
}

/** The title changed while the parameters streamed. */
export function toolCallRetitled(facts: ToolCallFacts): ToolCallUpdate {
  return {
    sessionUpdate: 'tool_call_update',
    toolCallId: toolCallId(facts.messageId, facts.id),
    title: toolTitle(facts.name, facts.compactParams),
  };
}

/** Allowed and executing: the authoritative input and the files it touches. */
export function toolCallRunning(
  facts: ToolCallFacts & { readonly parameters: string },
  workdir: string,
): ToolCallUpdate {
  const input = parsedParameters(facts.parameters) ?? {};
  return {
    sessionUpdate: 'tool_call_update',
    toolCallId: toolCallId(facts.messageId, facts.id),
    status: 'in_progress',
    title: toolTitle(facts.name, facts.compactParams),
    rawInput: input,
    locations: toolLocations(facts.name, input, workdir),
  };
}

function text(value: string): acp.ToolCallContent {
  return { type: 'content', content: { type: 'text', text: value } };
}

/**
 * Output so far. ACP replaces a tool call's content with each update, so this carries the
 * bounded tail Wave keeps for the collapsed view (its last few lines), never the output so far:
 * each update stays small however long the command runs. The whole result comes once, at the end.
 */
export function toolCallOutput(facts: ToolCallFacts, tail: string): ToolCallUpdate {
  return {
    sessionUpdate: 'tool_call_update',
    toolCallId: toolCallId(facts.messageId, facts.id),
    content: [text(tail)],
  };
}

/**
 * Edit shows the text it replaced and its replacement; Write the file's new content (oldText
 * only for a file it created: Wave's session holds the call's input, not the file it replaced).
 */
function fileDiff(
  block: Pick<ToolBlock, 'name' | 'parameters' | 'result'>,
  workdir: string,
): acp.ToolCallContent | undefined {
  const input = parsedParameters(block.parameters);
  const path = input && stringField(input, 'file_path');
  if (!input || path === undefined) return undefined;
  if (block.name === 'Edit') {
    const oldText = input.old_string;
    const newText = input.new_string;
    if (typeof oldText !== 'string' || typeof newText !== 'string') return undefined;
    return { type: 'diff', path: absolute(workdir, path), oldText, newText };
  }
  if (block.name === 'Write' && typeof input.content === 'string') {
    const created = block.result?.startsWith('Created ') ?? false;
    return {
      type: 'diff',
      path: absolute(workdir, path),
      newText: input.content,
      ...(created ? { oldText: null } : {}),
    };
  }
  return undefined;
}

export function toolCallEnded(
  block: ToolCallFacts & Pick<ToolBlock, 'parameters' | 'result' | 'error'>,
  workdir: string,
): ToolCallUpdate {
  const failed = block.error !== undefined;
  const diff = failed ? undefined : fileDiff(block, workdir);
  const said = block.error ?? block.result ?? '';
  // The input again, so a call that never ran (denied, skipped) and a replayed one end alike.
  const input = parsedParameters(block.parameters);
  return {
    sessionUpdate: 'tool_call_update',
    toolCallId: toolCallId(block.messageId, block.id),
    status: failed ? 'failed' : 'completed',
    title: toolTitle(block.name, block.compactParams),
    content: [...(diff ? [diff] : []), ...(said !== '' ? [text(said)] : [])],
    ...(input ? { rawInput: input, locations: toolLocations(block.name, input, workdir) } : {}),
  };
}
