import { describe, expect, it } from 'vitest';
import { estimatedRows, freezeCut } from './freeze-cut.js';

const AREA = { columns: 40, rows: 8 };

describe('freezeCut', () => {
  it('writes nothing while the rest fits half the live area', () => {
    expect(freezeCut('one\n\ntwo', 0, AREA)).toBe(0);
  });

  it('cuts after the last finished paragraph once the rest is taller', () => {
    const text = 'p1\n\np2\n\np3\n\np4\n\np5 still';
    const cut = freezeCut(text, 0, AREA);
    expect(text.slice(cut)).toBe('p5 still');
  });

  it('never cuts inside a code fence, even at its blank lines', () => {
    const text = 'intro\n\n```js\na();\n\nb();\n\nc();\n\nd();\n```\n\nafter';
    const cut = freezeCut(text, 0, AREA);
    expect(text.slice(cut)).toBe('after');
    const open = 'intro\n\n```js\na();\n\nb();\n\nc();\n\nd();\n\ne();';
    expect(open.slice(freezeCut(open, 0, AREA)).startsWith('```js')).toBe(true);
  });

  it('does not cut before an indented line (a list continuation or indented code)', () => {
    // The last blank lines are followed by indented lines: the cut goes to the paragraph
    // before the list item, which is still taller than half the area.
    const text = 'p1\n\np2\n\np3\n\n1. item\n\n    continued\n\n    more';
    const cut = freezeCut(text, 0, AREA);
    expect(text.slice(cut)).toBe('1. item\n\n    continued\n\n    more');
  });

  it('cuts a single paragraph taller than the area at its last line end', () => {
    const text = Array.from({ length: 20 }, (_, index) => `line ${index}`).join('\n');
    const cut = freezeCut(text, 0, AREA);
    expect(text.slice(cut)).toBe('line 19');
  });

  it('starts from what was written before', () => {
    const text = 'old\n\n' + 'p\n\n'.repeat(6) + 'tail';
    const cut = freezeCut(text, 5, AREA);
    expect(cut).toBeGreaterThan(5);
    expect(text.slice(cut)).toBe('tail');
  });

  it('counts wrapped and wide lines', () => {
    expect(estimatedRows('x'.repeat(81), 0, 40)).toBe(3);
    expect(estimatedRows('漢'.repeat(20), 0, 40)).toBe(1);
    expect(estimatedRows('漢'.repeat(21), 0, 40)).toBe(2);
    expect(estimatedRows('a\n\nb', 0, 40)).toBe(3);
  });
});
