import { describe, expect, it } from 'vitest';
import { findMentions, withoutTrailingPunctuation } from './find-mentions.js';

describe('findMentions', () => {
  it('finds @path at the start and after whitespace, quoted paths whole, each once', () => {
    expect(findMentions('@src/a.ts and\n@"docs/my notes.md" then @src/a.ts')).toEqual([
      { path: 'src/a.ts', quoted: false },
      { path: 'docs/my notes.md', quoted: true },
    ]);
  });

  it('leaves out addresses and what is inside backtick code', () => {
    expect(
      findMentions('mail me@example.com, see `@inline.ts` and\n```\n@fenced.ts\n```\nbut @real.ts'),
    ).toEqual([{ path: 'real.ts', quoted: false }]);
  });

  it('takes sentence punctuation off an unquoted path only when asked', () => {
    expect(findMentions('look at @src/a.ts.')).toEqual([{ path: 'src/a.ts.', quoted: false }]);
    expect(withoutTrailingPunctuation('src/a.ts.')).toBe('src/a.ts');
    expect(withoutTrailingPunctuation('(@x),')).toBe('(@x');
  });
});
