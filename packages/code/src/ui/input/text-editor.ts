// The prompt's text and cursor, edited by pure functions. Multi-line: pasted newlines and
// Alt+Enter insert line breaks; the cursor moves across lines.

export interface EditorState {
  readonly text: string;
  /** UTF-16 offset into `text`, always on a code point boundary. */
  readonly cursor: number;
}

export const emptyEditor: EditorState = { text: '', cursor: 0 };

export function editorWith(text: string): EditorState {
  return { text, cursor: text.length };
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function previousBoundary(text: string, cursor: number): number {
  if (cursor <= 0) return 0;
  return isLowSurrogate(text.charCodeAt(cursor - 1)) && cursor >= 2 ? cursor - 2 : cursor - 1;
}

function nextBoundary(text: string, cursor: number): number {
  if (cursor >= text.length) return text.length;
  return isLowSurrogate(text.charCodeAt(cursor + 1)) ? cursor + 2 : cursor + 1;
}

/** Inserts typed or pasted text; terminal line endings (\r, \r\n) become \n. */
export function insertText(state: EditorState, typed: string): EditorState {
  const text = typed.replace(/\r\n?/g, '\n');
  if (text === '') return state;
  return {
    text: state.text.slice(0, state.cursor) + text + state.text.slice(state.cursor),
    cursor: state.cursor + text.length,
  };
}

export function deleteBackward(state: EditorState): EditorState {
  if (state.cursor === 0) return state;
  const start = previousBoundary(state.text, state.cursor);
  return { text: state.text.slice(0, start) + state.text.slice(state.cursor), cursor: start };
}

export function moveLeft(state: EditorState): EditorState {
  return { ...state, cursor: previousBoundary(state.text, state.cursor) };
}

export function moveRight(state: EditorState): EditorState {
  return { ...state, cursor: nextBoundary(state.text, state.cursor) };
}

function lineStart(text: string, cursor: number): number {
  return text.lastIndexOf('\n', cursor - 1) + 1;
}

function lineEnd(text: string, cursor: number): number {
  const end = text.indexOf('\n', cursor);
  return end === -1 ? text.length : end;
}

export function moveLineStart(state: EditorState): EditorState {
  return { ...state, cursor: lineStart(state.text, state.cursor) };
}

export function moveLineEnd(state: EditorState): EditorState {
  return { ...state, cursor: lineEnd(state.text, state.cursor) };
}

/** Deletes from the cursor back to the start of its line (Ctrl+U). */
export function deleteToLineStart(state: EditorState): EditorState {
  const start = lineStart(state.text, state.cursor);
  return { text: state.text.slice(0, start) + state.text.slice(state.cursor), cursor: start };
}

/** Deletes the word before the cursor (Ctrl+W). */
export function deleteWordBackward(state: EditorState): EditorState {
  const before = state.text.slice(0, state.cursor);
  const start = before.replace(/\S+\s*$|\s+$/, '').length;
  return { text: state.text.slice(0, start) + state.text.slice(state.cursor), cursor: start };
}

/** The cursor one line up, same column where possible; undefined on the first line. */
export function moveUp(state: EditorState): EditorState | undefined {
  const start = lineStart(state.text, state.cursor);
  if (start === 0) return undefined;
  const column = state.cursor - start;
  const previousStart = lineStart(state.text, start - 1);
  return { ...state, cursor: Math.min(previousStart + column, start - 1) };
}

/** The cursor one line down; undefined on the last line. */
export function moveDown(state: EditorState): EditorState | undefined {
  const end = lineEnd(state.text, state.cursor);
  if (end === state.text.length) return undefined;
  const column = state.cursor - lineStart(state.text, state.cursor);
  const nextStart = end + 1;
  return { ...state, cursor: Math.min(nextStart + column, lineEnd(state.text, nextStart)) };
}
