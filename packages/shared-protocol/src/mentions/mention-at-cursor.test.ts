import { describe, expect, it } from 'vitest';
import type { TextAtCursor } from './mention-at-cursor.js';
import { mentionAt, mentionIs, mentionText, withMention } from './mention-at-cursor.js';

/** Text with the cursor at its end. */
const editorWith = (text: string): TextAtCursor => ({ text, cursor: text.length });

/** An editor from text with `|` marking the cursor. */
const at = (marked: string): TextAtCursor => ({
  text: marked.replace('|', ''),
  cursor: marked.indexOf('|'),
});
const shown = (editor: TextAtCursor) =>
  `${editor.text.slice(0, editor.cursor)}|${editor.text.slice(editor.cursor)}`;

describe('the @ mention at the cursor', () => {
  it('is found at the start or after whitespace, never inside a word', () => {
    expect(mentionAt(editorWith('@sr'))).toMatchObject({ start: 0, end: 3, query: 'sr' });
    expect(mentionAt(editorWith('look at @src/a'))).toMatchObject({ start: 8, query: 'src/a' });
    expect(mentionAt(editorWith('line\n@x'))).toMatchObject({ start: 5, query: 'x' });
    expect(mentionAt(editorWith('@'))).toMatchObject({ query: '' });
    expect(mentionAt(editorWith('mail me@host'))).toBeUndefined();
    expect(mentionAt(editorWith('@src/a.ts done'))).toBeUndefined();
    expect(mentionAt(editorWith('no mention'))).toBeUndefined();
  });

  it('spans the whole token around the cursor, the query being what is before it', () => {
    expect(mentionAt(at('see @sr|c/a.ts now'))).toMatchObject({ start: 4, end: 13, query: 'sr' });
  });

  it('reads a quoted path until its closing quote, and none once closed', () => {
    expect(mentionAt(editorWith('@"my fo'))).toMatchObject({
      start: 0,
      query: 'my fo',
      quoted: true,
    });
    expect(mentionAt(at('@"my |dir/x" and'))).toMatchObject({ end: 11, query: 'my ' });
    expect(mentionAt(editorWith('@"my dir/x" '))).toBeUndefined();
  });

  it("is none in a shell command, where @ is the shell's", () => {
    expect(mentionAt(editorWith('!ls @sr'))).toBeUndefined();
    expect(mentionAt(editorWith(' !ls @sr'))).toMatchObject({ query: 'sr' });
  });

  it('writes a path with spaces quoted', () => {
    expect(mentionText('src/a.ts')).toBe('@src/a.ts');
    expect(mentionText('my docs/a b.md')).toBe('@"my docs/a b.md"');
  });
});

describe('taking a path', () => {
  const take = (marked: string, path: string) => {
    const editor = at(marked);
    return shown(withMention(editor, mentionAt(editor)!, path));
  };

  it('puts a file in place of the whole token, closed by a space', () => {
    expect(take('read @sr|', 'src/a.ts')).toBe('read @src/a.ts |');
    expect(take('read @s|rc and', 'src/a.ts')).toBe('read @src/a.ts |and');
    expect(take('@"my f|', 'my files/a b.md')).toBe('@"my files/a b.md" |');
    // A space already after the token is kept as the one space, not doubled.
    expect(take('read @sr| please', 'src/a b.ts')).toBe('read @"src/a b.ts" |please');
  });

  it('leaves a folder open, so completion goes on inside it', () => {
    expect(take('@sr|', 'src/')).toBe('@src/|');
    const editor = withMention(editorWith('@my'), mentionAt(editorWith('@my'))!, 'my dir/');
    expect(shown(editor)).toBe('@"my dir/|');
    expect(mentionAt(editor)).toMatchObject({ query: 'my dir/', quoted: true });
  });

  it('knows a token already written out in full', () => {
    const editor = editorWith('@src/a.ts');
    expect(mentionIs(editor, mentionAt(editor)!, 'src/a.ts')).toBe(true);
    expect(mentionIs(editor, mentionAt(editor)!, 'src/a.tsx')).toBe(false);
  });
});
