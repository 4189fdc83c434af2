import { beforeAll, describe, expect, it } from 'vitest';
import { setColorsEnabled, stripAnsi, visibleWidth } from './ansi.js';
import { renderMarkdown } from './markdown.js';

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
});
