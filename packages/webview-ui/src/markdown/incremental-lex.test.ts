import { Lexer } from 'marked';
import { describe, expect, it } from 'vitest';
import { lexMarkdown } from './incremental-lex.js';
import type { LexedMarkdown } from './incremental-lex.js';

const DOCUMENT = [
  '# Title\n\n',
  'Some *para* with [a link][1] and `code`.\n\n',
  '- one\n- two\n\n',
  '```ts\nconst a = 1;\n```\n\n',
  '| a | b |\n|---|---|\n| 1 | 2 |\n\n',
  '> quoted\nlazy line\n\n',
  'Heading by underline\n===\n\n',
  '[1]: https://example.com\n\n',
  'The end.',
].join('');

/** Streams `text` in chunks of `size`, lexing after each. */
function stream(text: string, size: number): LexedMarkdown[] {
  const steps: LexedMarkdown[] = [];
  let lexed: LexedMarkdown | undefined;
  for (let end = size; end < text.length + size; end += size) {
    lexed = lexMarkdown(lexed, text.slice(0, end));
    steps.push(lexed);
  }
  return steps;
}

describe('incremental markdown lexing', () => {
  it('ends with the tokens a whole lex gives, for any chunk size', () => {
    const whole = Lexer.lex(DOCUMENT);
    for (const size of [1, 2, 3, 7, 16, 50]) {
      const last = stream(DOCUMENT, size).at(-1)!;
      expect(last.source).toBe(DOCUMENT);
      expect(last.tokens.map((token) => [token.type, token.raw])).toEqual(
        whole.map((token) => [token.type, token.raw]),
      );
    }
  });

  it('keeps the token objects of finished blocks while the last one streams', () => {
    const first = lexMarkdown(undefined, '# Title\n\nA paragraph.\n\nThe next');
    const second = lexMarkdown(first, '# Title\n\nA paragraph.\n\nThe next words');
    expect(second.tokens[0]).toBe(first.tokens[0]);
    expect(second.tokens[2]).toBe(first.tokens[2]);
    expect(second.tokens.at(-1)).not.toBe(first.tokens.at(-1));
  });

  it('lets appended text change the last block (an underline makes a heading)', () => {
    const paragraph = lexMarkdown(undefined, 'Intro\n\nBecomes a heading\n');
    const heading = lexMarkdown(paragraph, 'Intro\n\nBecomes a heading\n===\n');
    expect(heading.tokens.at(-1)?.type).toBe('heading');
  });

  it('resolves a reference defined in an earlier block', () => {
    const defined = lexMarkdown(undefined, '[1]: https://example.com\n\nSee [this][1]');
    const more = lexMarkdown(defined, '[1]: https://example.com\n\nSee [this][1] now');
    const paragraph = more.tokens.at(-1);
    expect(JSON.stringify(paragraph)).toContain('https://example.com');
  });

  it('lexes from scratch when the text does not extend the previous one', () => {
    const first = lexMarkdown(undefined, 'One.\n\nTwo.');
    const other = lexMarkdown(first, 'Other.\n\nTwo.');
    expect(other.tokens[0]).not.toBe(first.tokens[0]);
    expect(other.tokens[0]?.raw).toBe('Other.');
  });
});
