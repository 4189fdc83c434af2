import { describe, expect, it } from 'vitest';
import { importPaths } from './import-paths.js';

describe('importPaths', () => {
  it('finds @path at the start of a line and after white space, each once, in order', () => {
    const text = [
      '@docs/style.md',
      'See @README.md and @~/notes/me.md for more.',
      '  @/abs/path.md',
      'mail me at someone@example.com', // not after white space: no import
      '@docs/style.md',
      '@my\\ notes.md',
    ].join('\n');
    expect(importPaths(text)).toEqual([
      'docs/style.md',
      'README.md',
      '~/notes/me.md',
      '/abs/path.md',
      'my notes.md',
    ]);
  });

  it('ignores imports inside fenced code blocks and inline code spans', () => {
    const text = [
      'Run `@not/this.md` please.',
      '```',
      '@inside/block.md',
      '```',
      '~~~md',
      '@inside/tilde.md',
      '~~~',
      'Use ``@double/span.md`` too.',
      '@real.md',
    ].join('\n');
    expect(importPaths(text)).toEqual(['real.md']);
  });

  it('treats an unclosed fence as code to the end of the file', () => {
    expect(importPaths('@a.md\n```\n@b.md\n')).toEqual(['a.md']);
  });
});
