import { describe, expect, it } from 'vitest';
import { stripAnsi } from './ansi.js';
import { viewPartLines } from './view-part-lines.js';

const plain = (lines: readonly string[]): string[] => lines.map(stripAnsi);

describe('view part lines', () => {
  it('draws each generic part under its label, indented and within the width', () => {
    expect(
      plain(
        viewPartLines(
          { kind: 'list', label: 'tasks', items: [{ text: 'a', mark: 'done' }, { text: 'b' }] },
          40,
        ),
      ),
    ).toEqual(['  tasks', '    ☒ a', '    • b']);
    expect(
      plain(viewPartLines({ kind: 'link', url: 'https://example.com/x', text: 'Example' }, 40)),
    ).toEqual(['    Example https://example.com/x']);
    expect(
      plain(viewPartLines({ kind: 'markdown', text: '# Title\n\nsome **bold** words' }, 40)),
    ).toContain('    some bold words');
    for (const line of plain(viewPartLines({ kind: 'code', text: 'x'.repeat(100) }, 30)))
      expect(line.length).toBeLessThanOrEqual(30);
  });

  it('shows control characters in a part as pictures, never as escapes', () => {
    const lines = viewPartLines({ kind: 'text', text: 'a\u001b]0;title\u0007b', tone: 'bad' }, 40);
    expect(lines.join('')).not.toContain('\u0007');
    expect(plain(lines)).toEqual(['    a␛]0;title␇b']);
  });
});
