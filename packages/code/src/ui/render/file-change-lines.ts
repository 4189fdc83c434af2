// The change an Edit or Write call makes, read from its input, as coloured diff lines: Edit as a
// unified diff of old_string → new_string (removed red, added green, a few lines of context),
// Write as its new content, all added. The input is the model's, so control characters and
// escape sequences in it are made visible, never sent to the terminal.

import { structuredPatch } from 'diff';
import type { Color } from './ansi.js';
import { paint } from './ansi.js';
import { visibleText } from '../../terminal/terminal-text.js';

/** Lines of context around each changed stretch of an Edit. */
const CONTEXT_LINES = 3;

function parsedObject(input: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(input);
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

/**
 * The diff lines of an Edit or Write call from its input (JSON text), one per line of the file
 * (not wrapped to a width); undefined for other tools or an input without the fields.
 */
export function fileChangeLines(toolName: string, input: string): string[] | undefined {
  if (toolName !== 'Edit' && toolName !== 'Write') return undefined;
  const fields = parsedObject(input);
  if (fields === undefined) return undefined;
  if (toolName === 'Write') {
    const content = stringField(fields, 'content');
    return content === undefined ? undefined : writeLines(content);
  }
  const before = stringField(fields, 'old_string');
  const after = stringField(fields, 'new_string');
  if (before === undefined || after === undefined) return undefined;
  return editLines(before, after);
}
