import { describe, expect, it } from 'vitest';
import { mentionAtCaret, mentionText, takeMention } from './mention.js';

describe('the @ mention at the caret', () => {
  it('finds a bare one, a quoted one and none inside a word or an e-mail address', () => {
    expect(mentionAtCaret('look at @src/ma', 15)).toEqual({ start: 8, end: 15, query: 'src/ma' });
    expect(mentionAtCaret('@', 1)).toEqual({ start: 0, end: 1, query: '' });
    expect(mentionAtCaret('see @"my no', 11)).toEqual({ start: 4, end: 11, query: 'my no' });
    expect(mentionAtCaret('mail me@example.com', 19)).toBeUndefined();
    expect(mentionAtCaret('@done and more', 14)).toBeUndefined();
  });

  it('writes a file closed with a space, a folder left open, quoting paths with spaces', () => {
    const typed = 'read @sr please';
    const mention = mentionAtCaret(typed, 8);
    if (!mention) throw new Error('no mention found');
    expect(takeMention(typed, mention, { path: 'src/', folder: true })).toEqual({
      text: 'read @src/ please',
      caret: 10,
    });
    expect(takeMention(typed, mention, { path: 'src/a b.ts', folder: false })).toEqual({
      text: 'read @"src/a b.ts"  please',
      caret: 19,
    });
    expect(mentionText('my dir/', true)).toBe('@"my dir/');
    expect(mentionAtCaret('@"my dir/', 9)?.query).toBe('my dir/');
  });
});
