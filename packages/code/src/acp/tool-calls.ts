// A Wave tool block as ACP shows a tool call, from the tool's look (shared-protocol's toolView):
// its title (the shown name and subject), its kind for the editor's icon, the files it touches
// (made absolute, for "follow the agent"), and at the end its result: why it ran without a
// question (when it did), a diff part as ACP's diff, the parts that say more than the input as
// text, then the output. Live and replayed sessions
// build their updates here, so a loaded session shows what was streamed.
import { isAbsolute, resolve } from 'node:path';
import type * as acp from '@agentclientprotocol/sdk';
import type { ToolBlock, ToolPath, ToolView, ViewPart } from '@wave-agent/shared-protocol';
import { isRecord, toolView, viewPartText } from '@wave-agent/shared-protocol';

type ToolCallUpdate = Extract<acp.SessionUpdate, { sessionUpdate: 'tool_call_update' }>;
type ToolCallStart = Extract<acp.SessionUpdate, { sessionUpdate: 'tool_call' }>;

/** A call of this tool with this input, as a block: what the look is made from. */
function viewOf(name: string, parameters: string, compactParams?: string): ToolView {
  return toolView({
    type: 'tool',
    id: '',
    name,
    stage: 'end',
    parameters,
    ...(compactParams !== undefined ? { compactParams } : {}),
  });
}

export function toolKind(name: string): acp.ToolKind {
  return viewOf(name, '').kind;
}

export function toolTitle(name: string, compactParams: string | undefined): string {
  return viewOf(name, '', compactParams).title;
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

function absolute(workdir: string, path: string): string {
  return isAbsolute(path) ? path : resolve(workdir, path);
}

function locationsOf(paths: readonly ToolPath[], workdir: string): acp.ToolCallLocation[] {
  return paths.map(({ path, line }) => ({
    path: absolute(workdir, path),
    ...(line !== undefined ? { line } : {}),
  }));
}

export function toolLocations(
  name: string,
  input: Record<string, unknown>,
  workdir: string,
): acp.ToolCallLocation[] {
  return locationsOf(viewOf(name, JSON.stringify(input)).paths, workdir);
}

/** A tool block and the message that holds it. */
export interface ToolCallFacts {
  readonly messageId: string;
  readonly block: ToolBlock;
}

export function toolCallStarted(facts: ToolCallFacts): ToolCallStart {
  const view = toolView(facts.block);
  return {
    sessionUpdate: 'tool_call',
    toolCallId: toolCallId(facts.messageId, facts.block.id),
    title: view.title,
    name: facts.block.name,
    kind: view.kind,
    status: 'pending',
  };
}

/** The title changed while the parameters streamed. */
export function toolCallRetitled(facts: ToolCallFacts): ToolCallUpdate {
  return {
    sessionUpdate: 'tool_call_update',
    toolCallId: toolCallId(facts.messageId, facts.block.id),
    title: toolView(facts.block).title,
  };
}

/** Allowed and executing: the authoritative input and the files it touches. */
export function toolCallRunning(facts: ToolCallFacts, workdir: string): ToolCallUpdate {
  const view = toolView(facts.block);
  return {
    sessionUpdate: 'tool_call_update',
    toolCallId: toolCallId(facts.messageId, facts.block.id),
    status: 'in_progress',
    title: view.title,
    rawInput: { ...view.input },
    locations: locationsOf(view.paths, workdir),
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
    toolCallId: toolCallId(facts.messageId, facts.block.id),
    content: [...unaskedContent(toolView(facts.block)), text(tail)],
  };
}

/** Why it ran without a question, first in its content (the card's dim line elsewhere). */
function unaskedContent(view: ToolView): acp.ToolCallContent[] {
  return view.unasked === '' ? [] : [text(view.unasked)];
}

/**
 * A body part as ACP content: a diff as ACP's diff (oldText null for a file the call created;
 * absent when only the new text is known); a command and key values restate the input, which
 * ACP shows itself (rawInput), so they are left out; any other part as its text.
 */
function partContent(part: ViewPart, workdir: string): acp.ToolCallContent[] {
  switch (part.kind) {
    case 'diff':
      return [
        {
          type: 'diff',
          path: absolute(workdir, part.path),
          newText: part.newText,
          ...(part.oldText !== undefined ? { oldText: part.oldText } : {}),
          ...(part.created === true ? { oldText: null } : {}),
        },
      ];
    case 'code':
    case 'keyValues':
      return [];
    default:
      return [text(viewPartText(part))];
  }
}

export function toolCallEnded(facts: ToolCallFacts, workdir: string): ToolCallUpdate {
  const view = toolView(facts.block);
  const failed = view.error !== undefined;
  const parts = failed ? [] : view.body.flatMap((part) => partContent(part, workdir));
  const said = view.error ?? view.result ?? '';
  // The input again, so a call that never ran (denied, skipped) and a replayed one end alike.
  return {
    sessionUpdate: 'tool_call_update',
    toolCallId: toolCallId(facts.messageId, facts.block.id),
    status: failed ? 'failed' : 'completed',
    title: view.title,
    content: [...unaskedContent(view), ...parts, ...(said !== '' ? [text(said)] : [])],
    ...(view.input
      ? { rawInput: { ...view.input }, locations: locationsOf(view.paths, workdir) }
      : {}),
  };
}
