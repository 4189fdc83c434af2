import { describe, expect, it } from 'vitest';
import { promptText } from './prompt-text.js';

describe('promptText (ACP prompt → the text Wave sends)', () => {
  it('keeps text, makes file links @paths and inlines embedded text resources', () => {
    expect(
      promptText([
        { type: 'text', text: 'Explain ' },
        { type: 'resource_link', uri: 'file:///work/src/a%20b.ts', name: 'a b.ts' },
        { type: 'text', text: ' and this:' },
        {
          type: 'resource',
          resource: { uri: 'file:///work/notes.md', text: '# Notes', mimeType: 'text/markdown' },
        },
        { type: 'resource_link', uri: 'https://example.com/spec', name: 'spec' },
      ]),
    ).toBe(
      'Explain @/work/src/a b.ts and this:\n<context ref="file:///work/notes.md">\n# Notes\n</context>\nhttps://example.com/spec',
    );
  });

  it('refuses what Wave cannot send, saying what and why', () => {
    expect(() => promptText([{ type: 'image', data: 'AAAA', mimeType: 'image/png' }])).toThrow(
      /an image; Wave sends the model text only/,
    );
    expect(() =>
      promptText([{ type: 'resource', resource: { uri: 'file:///x.bin', blob: 'AAAA' } }]),
    ).toThrow(/binary resource \(file:\/\/\/x\.bin\)/);
    expect(() => promptText([{ type: 'text', text: '  ' }])).toThrow(/empty/);
  });
});
