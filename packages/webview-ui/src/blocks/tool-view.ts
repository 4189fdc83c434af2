// What a tool card shows, from its block: the stage in words, the parameters it can read once
// they are complete, and the file change an Edit or Write makes, as diff lines.
import type { ToolBlock } from '@wave-agent/shared-protocol';
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
  if (waiting) return 'waiting for permission';
  switch (block.stage) {
    case 'start':
      return 'preparing';
    case 'streaming':
      return 'writing its input';
    case 'running':
      return 'running';
    case 'end':
      return block.error === undefined ? 'done' : 'failed';
  }
}

/** The call's input once it is complete (from `running` on), as an object. */
export function toolInput(block: ToolBlock): Record<string, unknown> | undefined {
  if (block.stage === 'start' || block.stage === 'streaming') return undefined;
  try {
    const value: unknown = JSON.parse(block.parameters);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value))
      : undefined;
  } catch {
    return undefined;
  }
}

function stringField(input: Record<string, unknown>, name: string): string | undefined {
  const value = input[name];
  return typeof value === 'string' ? value : undefined;
}

function linesOf(text: string, kind: DiffLineKind): DiffLine[] {
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  return lines.map((line) => ({ kind, text: line }));
}

/** The change an Edit or Write makes, read from its input; undefined for other tools. */
export function fileChange(name: string, input: Record<string, unknown>): FileChange | undefined {
  const path = stringField(input, 'file_path');
  if (path === undefined) return undefined;
  if (name === 'Write') {
    const content = stringField(input, 'content');
    return content === undefined ? undefined : { path, lines: linesOf(content, 'added') };
  }
  if (name === 'Edit') {
    const before = stringField(input, 'old_string');
    const after = stringField(input, 'new_string');
    if (before === undefined || after === undefined) return undefined;
    const lines = diffLines(before, after).flatMap((part) =>
      linesOf(part.value, part.added ? 'added' : part.removed ? 'removed' : 'context'),
    );
    return { path, lines };
  }
  return undefined;
}

/** The command a Bash call runs. */
export function commandOf(
  name: string,
  input: Record<string, unknown> | undefined,
): string | undefined {
  return name === 'Bash' && input ? stringField(input, 'command') : undefined;
}
