import { beforeAll, describe, expect, it } from 'vitest';
import { setColorsEnabled, stripAnsi } from './ansi.js';
import { fileChangeLines } from './file-change-lines.js';

beforeAll(() => setColorsEnabled(true));

const edit = (old_string: string, new_string: string) =>
  JSON.stringify({ file_path: 'notes.txt', old_string, new_string });

describe('the change an Edit or Write makes', () => {
  it('shows an Edit as a unified diff: removed red, added green, context dim', () => {
    const lines = fileChangeLines('Edit', edit('one\ntwo\nthree', 'one\n2\nthree'))!;
    expect(lines.map(stripAnsi)).toEqual([' one', '-two', '+2', ' three']);
    expect(lines[1]).toBe('\u001B[31m-two\u001B[39m');
    expect(lines[2]).toBe('\u001B[32m+2\u001B[39m');
    expect(lines[0]).toBe('\u001B[2m one\u001B[22m');
  });

  it('keeps only a few lines of context, and separates stretches far apart', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`);
    const after = before.map((line, i) => (i === 1 || i === 17 ? `${line} changed` : line));
    const lines = fileChangeLines('Edit', edit(before.join('\n'), after.join('\n')))!.map(
      stripAnsi,
    );
    expect(lines).toContain('-line 2');
    expect(lines).toContain('+line 2 changed');
    expect(lines).toContain('+line 18 changed');
    expect(lines).toContain('@@');
    expect(lines).not.toContain(' line 10');
  });

  it('shows a Write as its new content, all added', () => {
    const input = JSON.stringify({ file_path: 'a.md', content: '# Title\n\nbody\n' });
    expect(fileChangeLines('Write', input)!.map(stripAnsi)).toEqual(['+# Title', '+', '+body']);
  });

  it('makes control characters in the input visible instead of sending them to the terminal', () => {
    const lines = fileChangeLines('Edit', edit('a', 'b\u001B[2J\u0007\tc'))!;
    const added = lines.find((line) => stripAnsi(line).startsWith('+'))!;
    expect(stripAnsi(added)).toBe('+b␛[2J␇    c');
    expect(added).not.toContain('\u001B[2J');
  });

  it('is undefined for other tools and for an input without the fields', () => {
    expect(fileChangeLines('Bash', '{"command":"ls"}')).toBeUndefined();
    expect(fileChangeLines('Edit', '{"file_path":"a"}')).toBeUndefined();
    expect(fileChangeLines('Write', 'not json')).toBeUndefined();
  });
});
