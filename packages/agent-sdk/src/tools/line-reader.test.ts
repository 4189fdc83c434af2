import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readLines, type TextLine } from './line-reader.js';
import { makeWorkdir, removeWorkdir } from './test-kit.js';

let workdir: string;
beforeEach(async () => {
  workdir = await makeWorkdir();
});
afterEach(async () => {
  await removeWorkdir(workdir);
});

async function linesOf(content: string | Buffer, maxLineChars = 1000): Promise<TextLine[]> {
  const path = join(workdir, 'file.txt');
  await writeFile(path, content);
  const lines: TextLine[] = [];
  for await (const line of readLines(path, { maxLineChars })) lines.push(line);
  return lines;
}

describe('readLines', () => {
  it('splits on \\n and \\r\\n, counts a last line without an ending, and no empty line after the last ending', async () => {
    expect((await linesOf('a\r\nb\n\nc')).map((line) => line.text)).toEqual(['a', 'b', '', 'c']);
    expect((await linesOf('a\nb\n')).map((line) => line.text)).toEqual(['a', 'b']);
    expect(await linesOf('')).toEqual([]);
  });

  it('numbers lines from 1', async () => {
    expect((await linesOf('x\ny\n')).map((line) => line.number)).toEqual([1, 2]);
  });

  it('keeps only the cap of a long line and counts the rest, without the \\r of its ending', async () => {
    const [line] = await linesOf(`${'x'.repeat(25)}\r\n`, 10);
    expect(line).toEqual({ number: 1, text: 'x'.repeat(10), cutChars: 15 });
  });

  it('keeps a multi-byte character that straddles two reads intact', async () => {
    // The stream reads 64 KiB at a time; put the 3-byte 中 across that boundary.
    const padding = 'a'.repeat(64 * 1024 - 1);
    const [line] = await linesOf(`${padding}中b\n`, 100_000);
    expect(line?.text.endsWith('中b')).toBe(true);
    expect(line?.text).not.toContain('\ufffd');
  });

  it('stops with the abort reason when the signal is aborted', async () => {
    const path = join(workdir, 'file.txt');
    await writeFile(path, 'a\nb\n');
    const controller = new AbortController();
    controller.abort(new Error('user stopped'));
    const read = async () => {
      for await (const line of readLines(path, { maxLineChars: 10, signal: controller.signal }))
        void line;
    };
    await expect(read()).rejects.toThrow('user stopped');
  });

  it('holds a long line in bounded memory across many reads', async () => {
    const [line, next] = await linesOf(`${'y'.repeat(300_000)}\nnext\n`, 50);
    expect(line).toEqual({ number: 1, text: 'y'.repeat(50), cutChars: 299_950 });
    expect(next?.text).toBe('next');
  });
});
