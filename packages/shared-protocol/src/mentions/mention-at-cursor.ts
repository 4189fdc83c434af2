// The `@` mention being typed at the cursor, and the prompt with a path put in its place: the one
// grammar of every prompt (the terminal's and the chat UI's), matching what the agent reads back
// from a message (find-mentions). A mention starts at the start of the text or after whitespace
// (so `me@host` is none), and is `@path` or `@"path with spaces"`.

/** A prompt's text and where its cursor is (a UTF-16 offset). */
export interface TextAtCursor {
  readonly text: string;
  readonly cursor: number;
}

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

/**
 * The mention the cursor is in (or just after), or undefined. A prompt starting with `!` is a
 * shell command, where `@` is the shell's, so it has none.
 */
export function mentionAt(prompt: TextAtCursor): MentionToken | undefined {
  if (prompt.text.startsWith('!')) return undefined;
  const before = prompt.text.slice(0, prompt.cursor);
  const match = TOKEN_BEFORE_CURSOR.exec(before);
  if (!match) return undefined;
  const quoted = match[1] !== undefined;
  const query = match[1] ?? match[2] ?? '';
  const start = prompt.cursor - query.length - (quoted ? 2 : 1);
  const after = prompt.text.slice(prompt.cursor);
  const rest = quoted ? /^[^"\n]*"?/.exec(after) : /^[^\s"`]*/.exec(after);
  return { start, end: prompt.cursor + (rest?.[0].length ?? 0), query, quoted };
}

/** How a path is written as a mention: quoted when it has whitespace or a quote in it. */
export function mentionText(path: string): string {
  return /[\s"]/.test(path) ? `@"${path.replace(/"/g, '')}"` : `@${path}`;
}

/**
 * The prompt with `path` in place of the token. A folder (ending in `/`) is left open, the cursor
 * at its end, so completion goes on inside it; a file is closed and followed by one space.
 */
export function withMention(prompt: TextAtCursor, token: MentionToken, path: string): TextAtCursor {
  const folder = path.endsWith('/');
  let written = mentionText(path);
  if (folder && written.endsWith('"')) written = written.slice(0, -1);
  const after = prompt.text.slice(token.end);
  if (!folder && !/^\s/.test(after)) written += ' ';
  const text = prompt.text.slice(0, token.start) + written + after;
  const cursor = token.start + written.length + (!folder && /^\s/.test(after) ? 1 : 0);
  return { text, cursor };
}

/** Whether the token already reads as the mention of `path` (taking it would change nothing). */
export function mentionIs(prompt: TextAtCursor, token: MentionToken, path: string): boolean {
  return prompt.text.slice(token.start, token.end) === mentionText(path);
}
