// A file change (a diff part of a block's look) as coloured diff lines: a unified diff of the old
// text → the new (removed red, added green, a few lines of context), or a file's new content, all
// added. The input is the model's, so control characters and
// escape sequences in it are made visible, never sent to the terminal.

import { structuredPatch } from 'diff';
import type { ViewPart } from '@wave-agent/shared-protocol';
import { toolView } from '@wave-agent/shared-protocol';
import type { Color } from './ansi.js';
import { paint } from './ansi.js';
import { visibleText } from '../../terminal/terminal-text.js';

/** Lines of context around each changed stretch of an Edit. */
const CONTEXT_LINES = 3;

/** The text with a final newline, so the diff has no "no newline at end of file" markers. */
function ended(text: string): string {
  return text === '' || text.endsWith('\n') ? text : `${text}\n`;
}

function painted(mark: string, line: string, color: Color | undefined): string {
  const text = `${mark}${visibleText(line)}`;
  return color ? paint(text, { color }) : paint(text, { dim: true });
}

function editLines(before: string, after: string): string[] {
  const { hunks } = structuredPatch('', '', ended(before), ended(after), '', '', {
    context: CONTEXT_LINES,
  });
  const lines: string[] = [];
  hunks.forEach((hunk, index) => {
    // Line numbers would count from the snippet, not the file: a bare separator instead.
    if (index > 0) lines.push(paint('@@', { color: 'cyan' }));
    for (const line of hunk.lines) {
      const mark = line[0];
      const text = line.slice(1);
      if (mark === '-') lines.push(painted('-', text, 'red'));
      else if (mark === '+') lines.push(painted('+', text, 'green'));
      else if (mark === ' ') lines.push(painted(' ', text, undefined));
    }
  });
  return lines;
}

function writeLines(content: string): string[] {
  if (content === '') return [paint('(an empty file)', { dim: true })];
  const body = content.endsWith('\n') ? content.slice(0, -1) : content;
  return body.split('\n').map((line) => painted('+', line, 'green'));
}

/** A diff part's lines: a unified diff when the old text is known, else all of it added. */
export function diffPartLines(part: Extract<ViewPart, { kind: 'diff' }>): string[] {
  return part.oldText === undefined
    ? writeLines(part.newText)
    : editLines(part.oldText, part.newText);
}

/**
 * The diff lines of an Edit or Write call from its input (JSON text), one per line of the file
 * (not wrapped to a width); undefined for other tools or an input without the fields. The change
 * is the tool's look (shared-protocol's toolView), drawn as the terminal draws a diff.
 */
export function fileChangeLines(toolName: string, input: string): string[] | undefined {
  const view = toolView({ type: 'tool', id: '', name: toolName, stage: 'end', parameters: input });
  const diff = view.body.find((part) => part.kind === 'diff');
  return diff === undefined ? undefined : diffPartLines(diff);
}
