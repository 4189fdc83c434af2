// What a tool says about its own look: the kind of work it does, the files it touches, and the
// body of its card, from its input. Pure functions of data; each tool's look is a file in
// `tool-looks/` and one line in their table. The screens never name a tool (§7, "A new tool").
import type { ToolBlock } from '../messages.js';
import type { ViewPart } from './view-parts.js';

/** The kind of work a call does: an editor's icon (ACP's ToolKind), a screen's glyph. */
export type ToolKind =
  'read' | 'edit' | 'delete' | 'move' | 'search' | 'execute' | 'think' | 'fetch' | 'other';

/** A file or folder a call works on, as the model wrote it (a screen may make it absolute). */
export interface ToolPath {
  readonly path: string;
  readonly line?: number;
}

/** A call's input once it is a JSON object. */
export type ToolInput = Readonly<Record<string, unknown>>;

export interface ToolLook {
  readonly kind?: ToolKind;
  /** The name shown; the tool's own name when absent. */
  name?(toolName: string): string;
  /** The files or folders the call works on, from its complete input. */
  paths?(input: ToolInput): ToolPath[];
  /**
   * The card's body from the complete input (from `running` on) and the block (its result, once
   * it has one). Absent: the generic look (the input's key values). An empty body: screens that
   * have room show the raw parameters.
   */
  body?(input: ToolInput, block: ToolBlock): ViewPart[];
  /**
   * The one line a finished call is summed up in where a screen has room for one (the terminal's
   * collapsed card); undefined: the result's first line, as for any tool. Not used for a failure.
   */
  summary?(input: ToolInput, block: ToolBlock): string | undefined;
  /**
   * The body says all the result would (a diff, a task list): a screen that shows the body leaves
   * the result's text out.
   */
  readonly bodyTellsResult?: boolean;
}

/** A text field of the input, when it is one (and not empty). */
export function textField(input: ToolInput, name: string): string | undefined {
  const value = input[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The path field as the one path a call works on. */
export function pathIn(field: string): (input: ToolInput) => ToolPath[] {
  return (input) => {
    const path = textField(input, field);
    return path === undefined ? [] : [{ path }];
  };
}
