import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../render/markdown.js';
import { visibleWidth } from '../render/ansi.js';
import { paragraphLines } from './live-paragraphs.js';

/** A renderer that counts what it was asked to lay out. */
function counting(width: number) {
  const asked: string[] = [];
  const render = (piece: string) => {
    asked.push(piece);
    return renderMarkdown(piece, width);
  };
  return { asked, render };
}

const REPLY = [
  '# A heading\n\n',
  'Some **bold** words and `code` in a paragraph that is long enough to wrap at the width.\n\n',
  '- one\n- two\n\n  still two\n\n- three\n\n',
  '1. first\n\n2. second\n\n',
  '> quoted words\n\n',
  '```ts\nconst a = 1;\n\nconst b = 2;\n```\n\n',
  '| a | b |\n| - | - |\n| 1 | 2 |\n\n',
  'The last paragraph, still stream',
].join('');

describe('the live text laid out paragraph by paragraph', () => {
  it('is what the whole text renders to, at every length it streams through', () => {
    for (const width of [20, 60]) {
      for (let end = 0; end <= REPLY.length; end += 3) {
        const text = REPLY.slice(0, end);
        const { render } = counting(width);
        expect(paragraphLines(text, end, width, render)).toEqual(renderMarkdown(text, width));
      }
    }
  });

  it('lays out a finished paragraph once: the next frames render only the one still growing', () => {
    const width = 40;
    const finished = 'First paragraph, finished.\n\nSecond one, finished too.\n\n';
    const { asked, render } = counting(width);
    paragraphLines(`${finished}Third`, finished.length + 5, width, render);
    asked.length = 0;
    const lines = paragraphLines(`${finished}Third grows`, finished.length + 11, width, render);
    expect(asked).toEqual(['Third grows']);
    expect(lines).toEqual(renderMarkdown(`${finished}Third grows`, width));
  });

  it('lays a paragraph out again at a new width (a resize), each line within it', () => {
    const text = `${'word '.repeat(30)}\n\nthe tail`;
    const { render: wide } = counting(80);
    paragraphLines(text, text.length, 80, wide);
    const { asked, render: narrow } = counting(30);
    const lines = paragraphLines(text, text.length, 30, narrow);
    expect(asked).toHaveLength(2);
    expect(Math.max(...lines.map(visibleWidth))).toBeLessThanOrEqual(30);
    expect(lines).toEqual(renderMarkdown(text, 30));
  });

  it('never takes equal words at another place in the text for the paragraph there', () => {
    const width = 40;
    const { asked, render } = counting(width);
    const text = 'Same words.\n\nSame words.\n\ntail';
    paragraphLines(text, text.length, width, render);
    expect(asked).toEqual(['Same words.\n\n', 'Same words.\n\n', 'tail']);
  });
});
