// The chat UI's reading of a tool's look (shared-protocol's toolView): the status in words (with
// the one state only this screen knows, a permission question waiting), and a diff part as the
// lines the chat UI marks. Which tool shows what is the look's business, never this file's.
import type { ToolBlock, ViewPart } from '@wave-agent/shared-protocol';
import { TOOL_STATUS_WORDS, toolView } from '@wave-agent/shared-protocol';
import { diffLines } from 'diff';

export type DiffLineKind = 'added' | 'removed' | 'context';

export interface DiffLine {
  readonly kind: DiffLineKind;
  readonly text: string;
}

export interface FileChange {
  readonly path: string;
  readonly lines: readonly DiffLine[];
}

/** Lines of a change shown at most; the rest is counted. */
export const MAX_DIFF_LINES = 400;

export function stageLabel(block: ToolBlock, waiting: boolean): string {
  return waiting ? 'waiting for permission' : TOOL_STATUS_WORDS[toolView(block).status];
}

/** The call's input once it is complete (from `running` on), as an object. */
export function toolInput(block: ToolBlock): Readonly<Record<string, unknown>> | undefined {
  return toolView(block).input;
}

function linesOf(text: string, kind: DiffLineKind): DiffLine[] {
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  return lines.map((line) => ({ kind, text: line }));
}

/** A diff part as marked lines: the old text → the new, or the new text all added. */
export function diffPartChange(part: Extract<ViewPart, { kind: 'diff' }>): FileChange {
  if (part.oldText === undefined) return { path: part.path, lines: linesOf(part.newText, 'added') };
  const lines = diffLines(part.oldText, part.newText).flatMap((piece) =>
    linesOf(piece.value, piece.added ? 'added' : piece.removed ? 'removed' : 'context'),
  );
  return { path: part.path, lines };
}

/** The body a call of this tool with this (complete) input would show: its look's parts. */
function bodyOf(name: string, input: Readonly<Record<string, unknown>>): readonly ViewPart[] {
  const parameters = JSON.stringify(input);
  return toolView({ type: 'tool', id: '', name, stage: 'end', parameters }).body;
}

/** The change a call makes, from its look; undefined when its look shows none. */
export function fileChange(
  name: string,
  input: Readonly<Record<string, unknown>>,
): FileChange | undefined {
  const diff = bodyOf(name, input).find((part) => part.kind === 'diff');
  return diff === undefined ? undefined : diffPartChange(diff);
}

/** The command line a call runs, from its look. */
export function commandOf(
  name: string,
  input: Readonly<Record<string, unknown>> | undefined,
): string | undefined {
  if (input === undefined) return undefined;
  const code = bodyOf(name, input).find(
    (part) => part.kind === 'code' && part.language === 'shell',
  );
  return code?.kind === 'code' ? code.text : undefined;
}
