// What "Add to Prompt" puts in the prompt: the selected lines with their file and line numbers
// in a fenced block, or, with nothing selected, the file's path (Wave reads it itself).
export interface EditorSelection {
  /** The file's path relative to the workspace folder. */
  readonly path: string;
  readonly languageId: string;
  /** 0-based, as VS Code counts. */
  readonly startLine: number;
  readonly endLine: number;
  readonly text: string;
}

/** A fence longer than any run of backticks in the text, so the text cannot close it. */
function fenceFor(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

export function promptReference(selection: EditorSelection): string {
  if (selection.text === '') return `${selection.path} `;
  const lines =
    selection.startLine === selection.endLine
      ? `line ${selection.startLine + 1}`
      : `lines ${selection.startLine + 1}-${selection.endLine + 1}`;
  const fence = fenceFor(selection.text);
  const body = selection.text.endsWith('\n') ? selection.text : `${selection.text}\n`;
  return `${selection.path} (${lines}):\n${fence}${selection.languageId}\n${body}${fence}\n`;
}
