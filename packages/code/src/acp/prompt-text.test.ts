import { describe, expect, it } from 'vitest';
import { promptContent } from './prompt-text.js';

const promptText = (blocks: Parameters<typeof promptContent>[0]) => promptContent(blocks).text;

describe('promptContent (ACP prompt → the text Wave sends and its images)', () => {
  it('makes image blocks image attachments named by their uri, in order', () => {
    expect(
      promptContent([
        { type: 'text', text: 'Compare' },
        { type: 'image', data: 'AAAA', mimeType: 'image/png', uri: 'file:///shots/before.png' },
        { type: 'image', data: 'BBBB', mimeType: 'image/jpeg' },
      ]),
    ).toEqual({
      text: 'Compare',
      attachments: [
        { type: 'image', name: 'before.png', mediaType: 'image/png', data: 'AAAA' },
        { type: 'image', name: 'image-2.jpeg', mediaType: 'image/jpeg', data: 'BBBB' },
      ],
    });
  });

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
      'Explain @"/work/src/a b.ts" and this:\n<context ref="file:///work/notes.md">\n# Notes\n</context>\nhttps://example.com/spec',
    );
  });

  it('refuses what Wave cannot send, saying what and why', () => {
    expect(() => promptText([{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }])).toThrow(
      /audio; Wave sends the model text and images only/,
    );
    expect(() => promptText([{ type: 'image', data: 'AAAA', mimeType: 'image/bmp' }])).toThrow(
      /an image of type image\/bmp; Wave sends PNG, JPEG, GIF and WebP images/,
    );
    expect(() =>
      promptText([{ type: 'resource', resource: { uri: 'file:///x.bin', blob: 'AAAA' } }]),
    ).toThrow(/binary resource \(file:\/\/\/x\.bin\)/);
    expect(() => promptText([{ type: 'text', text: '  ' }])).toThrow(/empty/);
  });
});
