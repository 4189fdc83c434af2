// A tool block as every screen shows it: a view model made once per block object by the tool's
// look (tool-looks/), and kept while the block is unchanged. Blocks are immutable (§2.3), so a
// WeakMap keyed by the block makes a frame that redraws unchanged cards cost a lookup; a block a
// delta replaced gets a new view. The input, its paths and the body are parsed when first read,
// so a frame that draws only headers never parses parameters while they stream (the title then
// comes from the compact form the agent streams), and a call whose parameters are complete but
// not yet running (its permission question is open) still shows what it would do.
import type { ToolBlock, ToolStage } from '../messages.js';
import { isRecord } from '../values/is-record.js';
import type { ToolInput, ToolKind, ToolLook, ToolPath } from './tool-look.js';
import { lookOf } from './tool-looks/tool-looks.js';
import { unaskedWords } from './unasked-words.js';
import type { ViewPart } from './view-parts.js';

export type ToolStatus = 'pending' | 'streaming' | 'running' | 'done' | 'failed';

export interface ToolView {
  /** The name shown (an MCP tool's server and tool, not `mcp__…`). */
  readonly name: string;
  /** One line from the parameters (possibly still streaming); '' while there is none. */
  readonly subject: string;
  /** The raw parameters while they stream and no subject says them yet; '' otherwise. */
  readonly streamingInput: string;
  /** `name subject`: for screens with one line (ACP's title). */
  readonly title: string;
  readonly status: ToolStatus;
  readonly kind: ToolKind;
  readonly paths: readonly ToolPath[];
  /** The input as an object once its parameters are complete JSON, or undefined. */
  readonly input: ToolInput | undefined;
  /** What the call does, from its complete input; empty while the input is incomplete. */
  readonly body: readonly ViewPart[];
  /** The body says all the result would (see ToolLook). */
  readonly bodyTellsResult: boolean;
  /** The output so far, bounded (the last lines) while running: for a live tail. */
  readonly liveOutput: string;
  readonly result: string | undefined;
  readonly error: string | undefined;
  /**
   * Once ended, one line: the error's or the result's first line with the count of the rest, or
   * "(no output)"; '' before.
   */
  readonly summary: string;
  readonly sandboxed: boolean | undefined;
  /** Why it ran without a question, in words ("read-only · ran without asking"); '' if asked. */
  readonly unasked: string;
}

const STATUS: Readonly<Record<Exclude<ToolStage, 'end'>, ToolStatus>> = {
  start: 'pending',
  streaming: 'streaming',
  running: 'running',
};

/** The status in words, the same on every screen that says it. */
export const TOOL_STATUS_WORDS: Readonly<Record<ToolStatus, string>> = {
  pending: 'preparing',
  streaming: 'writing its input',
  running: 'running',
  done: 'done',
  failed: 'failed',
};

/** Parsed inputs by their text: a running call's block changes with each output chunk, its
 * parameters do not. Bounded; the oldest entry goes first. */
const inputs = new Map<string, ToolInput | undefined>();
const MAX_INPUTS = 64;

function parsedInput(parameters: string): ToolInput | undefined {
  if (inputs.has(parameters)) return inputs.get(parameters);
  let input: ToolInput | undefined;
  try {
    const value: unknown = JSON.parse(parameters);
    input = isRecord(value) ? value : undefined;
  } catch {
    input = undefined;
  }
  if (inputs.size >= MAX_INPUTS) inputs.delete(inputs.keys().next().value ?? '');
  inputs.set(parameters, input);
  return input;
}

function lineCount(text: string): number {
  let count = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return text.endsWith('\n') ? count - 1 : count;
}

/** A text's first line and how many follow it: "first (+3 lines)". */
export function firstLineSummary(text: string): string {
  const first = text.split('\n', 1)[0] ?? '';
  const more = lineCount(text) - 1;
  return `${first}${more > 0 ? ` (+${more} lines)` : ''}`;
}

function endSummary(block: ToolBlock, look: ToolLook, input: ToolInput | undefined): string {
  if (block.error !== undefined) return firstLineSummary(block.error);
  const own = input && look.summary ? look.summary(input, block) : undefined;
  if (own !== undefined) return own;
  const result = block.result ?? '';
  return result.trim() === '' ? '(no output)' : firstLineSummary(result);
}

/** A value computed on its first read, then kept. */
function once<T>(compute: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value;
  };
}

function describe(block: ToolBlock): ToolView {
  const look = lookOf(block.name);
  const streaming = block.stage === 'start' || block.stage === 'streaming';
  const input = once(() => parsedInput(block.parameters));
  const paths = once(() => {
    const known = input();
    return known && look.paths ? look.paths(known) : [];
  });
  const body = once(() => {
    const known = input();
    return known && look.body ? look.body(known, block) : [];
  });
  const summary = once(() => (block.stage === 'end' ? endSummary(block, look, input()) : ''));
  const name = look.name?.(block.name) ?? block.name;
  const subject = block.compactParams ?? '';
  return {
    name,
    subject,
    streamingInput: streaming && subject === '' ? block.parameters : '',
    title: subject === '' ? name : `${name} ${subject}`,
    status:
      block.stage === 'end' ? (block.error === undefined ? 'done' : 'failed') : STATUS[block.stage],
    kind: look.kind ?? 'other',
    get paths() {
      return paths();
    },
    get input() {
      return input();
    },
    get body() {
      return body();
    },
    bodyTellsResult: look.bodyTellsResult === true,
    liveOutput: block.shortResult ?? block.result ?? '',
    result: block.result,
    error: block.error,
    get summary() {
      return summary();
    },
    sandboxed: block.sandboxed,
    unasked: unaskedWords(block.unasked),
  };
}

const views = new WeakMap<ToolBlock, ToolView>();

/** The block's view model; the same object for the same block. */
export function toolView(block: ToolBlock): ToolView {
  const known = views.get(block);
  if (known !== undefined) return known;
  const view = describe(block);
  views.set(block, view);
  return view;
}
