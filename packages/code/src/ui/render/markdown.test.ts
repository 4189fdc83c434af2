import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { setColorsEnabled, stripAnsi, visibleWidth } from './ansi.js';
import { lexedMarkdown, renderMarkdown } from './markdown.js';

// These tests check colours: on, whatever NO_COLOR says where they run.
beforeAll(() => setColorsEnabled(true));

const render = (text: string, width = 60): string[] => renderMarkdown(text, width).map(stripAnsi);

describe('renderMarkdown', () => {
  it('renders headings, emphasis, inline code and links without their markup', () => {
    expect(
      render('# Title\n\nSome **bold**, *italic*, `code` and [a link](https://x.dev).'),
    ).toEqual(['Title', '', 'Some bold, italic, code and a link (https://x.dev).']);
  });

  it('styles them with ANSI', () => {
    const [line] = renderMarkdown('**bold** `code`', 40);
    expect(line).toContain('\u001B[1mbold\u001B[22m');
    expect(line).toContain('\u001B[36mcode\u001B[39m');
  });

  it('renders lists with bullets, numbers and task boxes', () => {
    expect(
      render('- one\n- two\n  - nested\n\n3. three\n4. four\n\n- [x] done\n- [ ] todo'),
    ).toEqual([
      '• one',
      '• two',
      '  • nested',
      '',
      '3. three',
      '4. four',
      '',
      '• [x] done',
      '• [ ] todo',
    ]);
  });

  it('renders fenced code indented, as written', () => {
    expect(render('```ts\nconst a = 1;\n  return a;\n```')).toEqual([
      '  const a = 1;',
      '    return a;',
    ]);
  });

  it('renders quotes, rules and tables', () => {
    expect(render('> quoted\n\n---\n\n| a | bb |\n|---|---|\n| 1 | 2 |')).toEqual([
      '│ quoted',
      '',
      '─'.repeat(40),
      '',
      'a │ bb',
      '──┼───',
      '1 │ 2 ',
    ]);
  });

  it('wraps to the width, code included', () => {
    const lines = renderMarkdown(`${'word '.repeat(30)}\n\n\`\`\`\n${'x'.repeat(100)}\n\`\`\``, 30);
    for (const line of lines) expect(visibleWidth(line)).toBeLessThanOrEqual(30);
    // Whole words on full lines, and the code cut into pieces under its indent: nothing lost.
    const code = 'x'.repeat(100).match(/.{1,28}/g)!;
    expect(lines.map(stripAnsi)).toEqual([
      ...Array.from({ length: 5 }, () => 'word word word word word word'),
      '',
      ...code.map((piece) => `  ${piece}`),
    ]);
  });

  it('decodes entities and keeps unfinished markup readable', () => {
    expect(render('a &amp; b &lt; c')).toEqual(['a & b < c']);
    expect(render('**still streaming')).toEqual(['**still streaming']);
    expect(render('```js\nopen();')).toEqual(['  open();']);
  });

  // A line of plain prose skips marked's lexer (the live paragraph grows every frame): its
  // lines must be the lexer's, on prose and on prose with markup anywhere in it.
  it("lays out plain prose as marked's paragraph, and everything else through marked", () => {
    const prose = ['stream', 'these', 'words', 'now.', 'A', 'b', '"quoted"', "it's", '(x)'];
    const punctuation = ['end;', 'why?', 'yes!', 'e.g.', '1.', '2)', '-', '--', ' ', '  '];
    const markup = ['*b*', '**b**', '_b_', '__b__', '`b`', '~~b~~', '~b~', '[a](b)', '<b>'];
    const other = ['&amp;', 'www.x.dev', 'WWW.X.DEV', 'http://x.dev', 'a@b.dev', '\\*', '  \n'];
    const lineStarts = ['\n===', '\n---', '\n- item', '\n1. item', '\n> quote', '\n    code'];
    const odd = ['| a |', '#', '+', '*', '\t', '日本', 'supercalifragilisticexpialidocious'];
    const word = fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(...prose, ...punctuation) },
      fc.constantFrom(...markup, ...other, ...lineStarts, ...odd),
    );
    const line = fc
      .array(fc.tuple(word, fc.constantFrom(' ', '')), { maxLength: 12 })
      .map((parts) => parts.map(([part, separator]) => part + separator).join(''));
    fc.assert(
      fc.property(
        fc.oneof(
          line,
          line.map((text) => `${text}\n\n`),
        ),
        fc.integer({ min: 1, max: 50 }),
        (text, width) => {
          expect(renderMarkdown(text, width)).toEqual(lexedMarkdown(text, width));
        },
      ),
      { numRuns: 5000 },
    );
  });
});
