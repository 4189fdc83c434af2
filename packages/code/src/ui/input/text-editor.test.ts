import { describe, expect, it } from 'vitest';
import {
  deleteBackward,
  deleteToLineStart,
  deleteWordBackward,
  editorWith,
  emptyEditor,
  insertText,
  moveDown,
  moveLeft,
  moveLineEnd,
  moveLineStart,
  moveUp,
} from './text-editor.js';

describe('the text editor', () => {
  it('inserts at the cursor and normalises terminal line endings', () => {
    const state = insertText(moveLeft(editorWith('ac')), 'b');
    expect(state).toEqual({ text: 'abc', cursor: 2 });
    expect(insertText(emptyEditor, 'one\r\ntwo\rthree').text).toBe('one\ntwo\nthree');
  });

  it('deletes whole code points', () => {
    expect(deleteBackward(editorWith('a😀'))).toEqual({ text: 'a', cursor: 1 });
    expect(moveLeft(editorWith('a😀')).cursor).toBe(1);
  });

  it('moves between lines keeping the column, and reports the edges', () => {
    const state = editorWith('first line\nab');
    const up = moveUp(state);
    expect(up?.cursor).toBe(2);
    expect(up && moveUp(up)).toBeUndefined();
    expect(up && moveDown(up)?.cursor).toBe(13);
    expect(moveDown(state)).toBeUndefined();
  });

  it('goes to line start and end, and deletes to the line start or a word', () => {
    const state = editorWith('one\ntwo three');
    expect(moveLineStart(state).cursor).toBe(4);
    expect(moveLineEnd(moveLineStart(state)).cursor).toBe(13);
    expect(deleteToLineStart(state).text).toBe('one\n');
    expect(deleteWordBackward(state).text).toBe('one\ntwo ');
  });
});
