// The `@` completion list shown below the prompt: the work folder's files and folders the agent
// found, drawn as the slash-command list is (same indent, same highlight, same number of rows).

import type { FoundFile } from '@wave-agent/shared-protocol';
import { visibleText } from '../../terminal/terminal-text.js';
import { paint } from '../render/ansi.js';
import { truncateAnsiLine } from '../render/ansi-lines.js';
import { fitPath } from '../render/path-fit.js';
import { MAX_COMPLETIONS } from './completion-lines.js';

const INDENT = '  ';
const FOLDER_NOTE = '  folder';

export function fileCompletionLines(
  files: readonly FoundFile[],
  selected: number,
  width: number,
): string[] {
  const first = Math.max(0, selected - MAX_COMPLETIONS + 1);
  // The folder note only where a path still has room beside it.
  const noted = width >= 24;
  return files.slice(first, first + MAX_COMPLETIONS).map((file, index) => {
    const note = file.folder && noted ? FOLDER_NOTE : '';
    const room = Math.max(1, width - INDENT.length - 1 - note.length);
    // A file's name is a stranger's: no control character reaches the terminal.
    const label = `${INDENT}@${fitPath(visibleText(file.path), room)}`;
    const line = index + first === selected ? paint(label, { color: 'cyan', bold: true }) : label;
    return note ? line + paint(note, { dim: true }) : line;
  });
}

/** Why the list could not be made, in its place. */
export function fileProblemLine(problem: string, width: number): string {
  return truncateAnsiLine(paint(`${INDENT}${problem}`, { color: 'yellow' }), width);
}
