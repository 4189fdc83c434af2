// The prompt as lines: a rule, then the text with its cursor, wrapped to the width. `!` at the
// start shows bang mode (a shell command), `/` a slash command.

import { paint } from '../render/ansi.js';
import { truncateAnsiLine } from '../render/ansi-lines.js';
import { graphemes } from '../render/text-width.js';
import type { EditorState } from './text-editor.js';

export type PromptMode = 'message' | 'bang' | 'command';

function promptMode(text: string): PromptMode {
  if (text.startsWith('!')) return 'bang';
  if (text.startsWith('/')) return 'command';
  return 'message';
}

const MARKERS: Readonly<Record<PromptMode, string>> = {
  message: paint('> ', { bold: true, color: 'cyan' }),
  bang: paint('! ', { bold: true, color: 'magenta' }),
  command: paint('> ', { bold: true, color: 'cyan' }),
};

interface Cell {
  readonly text: string;
  readonly width: number;
}

const cursorCell = (char: string): string => paint(char, { inverse: true });

/** One logical line as screen cells, the cursor drawn on the cell it is at (or after the end). */
function cellsOf(line: string, cursorColumn: number | undefined): Cell[] {
  const cells: Cell[] = [];
  let offset = 0;
  for (const { text: char, width } of graphemes(line)) {
    // A cursor inside a cluster (an emoji and its variation selector) is drawn on all of it.
    const atCursor =
      cursorColumn !== undefined && offset <= cursorColumn && cursorColumn < offset + char.length;
    cells.push({ text: atCursor ? cursorCell(char) : char, width });
    offset += char.length;
  }
  if (cursorColumn === line.length) cells.push({ text: cursorCell(' '), width: 1 });
  return cells;
}

function wrapCells(cells: readonly Cell[], width: number): string[] {
  const rows: string[] = [];
  let row = '';
  let used = 0;
  for (const cell of cells) {
    if (used + cell.width > width && used > 0) {
      rows.push(row);
      row = '';
      used = 0;
    }
    row += cell.text;
    used += cell.width;
  }
  rows.push(row);
  return rows;
}

export function promptLines(
  editor: EditorState,
  width: number,
  options: { readonly focused: boolean; readonly placeholder?: string },
): string[] {
  const mode = promptMode(editor.text);
  const lines: string[] = [paint('─'.repeat(Math.max(1, width)), { dim: true })];
  if (editor.text === '' && options.placeholder) {
    // One row, as the live area's height counts it: cut, not wrapped, on a narrow screen.
    const cursor = options.focused ? 1 : 0;
    lines.push(
      MARKERS.message +
        (options.focused ? cursorCell(' ') : '') +
        paint(truncateAnsiLine(options.placeholder, Math.max(1, width - 2 - cursor)), {
          dim: true,
        }),
    );
    return lines;
  }
  const room = Math.max(4, width - 2);
  let lineStart = 0;
  editor.text.split('\n').forEach((logical, lineIndex) => {
    const cursorHere =
      options.focused && editor.cursor >= lineStart && editor.cursor <= lineStart + logical.length;
    const rows = wrapCells(
      cellsOf(logical, cursorHere ? editor.cursor - lineStart : undefined),
      room,
    );
    rows.forEach((row, rowIndex) =>
      lines.push((lineIndex === 0 && rowIndex === 0 ? MARKERS[mode] : '  ') + row),
    );
    lineStart += logical.length + 1;
  });
  return lines;
}
