// What "Add to Prompt" attaches: the editor's file with the selected lines (1-based, inclusive),
// or the whole file with nothing selected. The view shows it as a chip (`a.ts:3-9`) and sends it
// with the next message; the agent reads those lines itself, so no text of the file travels here.
import type { HostCommand } from '@wave-agent/webview-ui/host-commands';

interface Position {
  /** 0-based, as VS Code counts. */
  readonly line: number;
  readonly character: number;
}

export interface EditorSelection {
  readonly start: Position;
  readonly end: Position;
}

export function selectionAttachment(path: string, selection: EditorSelection): HostCommand {
  const { start, end } = selection;
  if (start.line === end.line && start.character === end.character)
    return { type: 'attachFile', path };
  // A selection that ends at the start of a line (a whole line chosen, Ctrl+A before a final
  // newline) does not take that line.
  const last = end.character === 0 && end.line > start.line ? end.line - 1 : end.line;
  return { type: 'attachFile', path, lines: { from: start.line + 1, to: last + 1 } };
}
