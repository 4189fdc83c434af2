// The `@` mention the cursor is in, and the prompt with a path put in its place. A mention starts
// at the start of the text or after whitespace (so `me@host` is none), and is `@path` or
// `@"path with spaces"` — the forms the agent finds in a message's text and attaches.

import type { EditorState } from './text-editor.js';

export interface MentionToken {
  /** Offset of the `@`. */
  readonly start: number;
  /** Offset just past the token (its closing quote included). */
  readonly end: number;
  /** What was typed between the `@` (and its opening quote) and the cursor. */
  readonly query: string;
  readonly quoted: boolean;
}

// Before the cursor: `@` at the start or after whitespace, then an unquoted path so far, or a
// quote and a path not yet closed (a backtick ends an unquoted one, as the agent reads it).
const TOKEN_BEFORE_CURSOR = /(?:^|\s)@(?:"([^"\n]*)|([^\s"`]*))$/;

/** The mention the cursor is in (or just after), or undefined. */
export function mentionAt(editor: EditorState): MentionToken | undefined {
  const before = editor.text.slice(0, editor.cursor);
  const match = TOKEN_BEFORE_CURSOR.exec(before);
  if (!match) return undefined;
  const quoted = match[1] !== undefined;
  const query = match[1] ?? match[2] ?? '';
  const start = editor.cursor - query.length - (quoted ? 2 : 1);
  const after = editor.text.slice(editor.cursor);
  const rest = quoted ? /^[^"\n]*"?/.exec(after) : /^[^\s"`]*/.exec(after);
  return { start, end: editor.cursor + (rest?.[0].length ?? 0), query, quoted };
}

/** How a path is written as a mention: quoted when it has whitespace or a quote in it. */
export function mentionText(path: string): string {
  return /[\s"]/.test(path) ? `@"${path.replace(/"/g, '')}"` : `@${path}`;
}

/**
 * The prompt with `path` in place of the token. A folder (ending in `/`) is left open, the cursor
 * at its end, so completion goes on inside it; a file is closed and followed by a space.
 */
export function withMention(editor: EditorState, token: MentionToken, path: string): EditorState {
  const folder = path.endsWith('/');
  let written = mentionText(path);
  if (folder && written.endsWith('"')) written = written.slice(0, -1);
  const after = editor.text.slice(token.end);
  if (!folder && !/^\s/.test(after)) written += ' ';
  const text = editor.text.slice(0, token.start) + written + after;
  const cursor = token.start + written.length + (!folder && /^\s/.test(after) ? 1 : 0);
  return { text, cursor };
}

/** Whether the token already reads as the mention of `path` (taking it would change nothing). */
export function mentionIs(editor: EditorState, token: MentionToken, path: string): boolean {
  return editor.text.slice(token.start, token.end) === mentionText(path);
}
