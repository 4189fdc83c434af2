import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LARGE_FILE_BYTES, readTool } from './read.js';
import { runTool } from './run-tool.js';
import { contextFor, makeWorkdir, removeWorkdir } from './test-kit.js';

let workdir: string;
beforeEach(async () => {
  workdir = await makeWorkdir();
});
afterEach(async () => {
  await removeWorkdir(workdir);
});

function read(input: Record<string, unknown>) {
  return runTool(readTool, input, contextFor(workdir));
}

function numberedLines(from: number, to: number, text: (n: number) => string): string {
  const lines: string[] = [];
  for (let n = from; n <= to; n += 1) lines.push(`${String(n).padStart(6)}\t${text(n)}`);
  return lines.join('\n');
}

describe('Read', () => {
  it('numbers lines like cat -n, resolving a relative path against the workdir', async () => {
    await mkdir(join(workdir, 'src'));
    await writeFile(join(workdir, 'src/a.ts'), 'const a = 1;\r\n\nexport { a };\n');
    const result = await read({ file_path: 'src/a.ts' });
    expect(result).toEqual({ output: '     1\tconst a = 1;\n     2\t\n     3\texport { a };' });
  });

  it('reads a window with offset and limit, and says how to read on', async () => {
    await writeFile(
      join(workdir, 'long.txt'),
      Array.from({ length: 50 }, (_, i) => `line ${i + 1}`).join('\n'),
    );
    const result = await read({ file_path: join(workdir, 'long.txt'), offset: 10, limit: 5 });
    expect(result.output).toBe(
      `${numberedLines(10, 14, (n) => `line ${n}`)}\n\n[Showing lines 10-14 of 50. Use offset=15 to read more.]`,
    );
  });

  it('shows the first 2000 lines by default', async () => {
    await writeFile(
      join(workdir, 'big.txt'),
      Array.from({ length: 2500 }, (_, i) => `${i + 1}`).join('\n'),
    );
    const result = await read({ file_path: 'big.txt' });
    expect(result.output).toContain(
      '  2000\t2000\n\n[Showing lines 1-2000 of 2,500. Use offset=2001 to read more.]',
    );
    expect(result.output).not.toContain('\t2001');
  });

  it('cuts lines longer than 2000 characters with a marker', async () => {
    await writeFile(join(workdir, 'wide.txt'), `${'w'.repeat(2500)}\nshort\n`);
    const result = await read({ file_path: 'wide.txt' });
    expect(result.output).toBe(
      `     1\t${'w'.repeat(2000)}... [line truncated: 500 more characters]\n     2\tshort`,
    );
  });

  it('stops at the output budget on a line boundary and says where to continue', async () => {
    await writeFile(join(workdir, 'dense.txt'), `${'d'.repeat(1000)}\n`.repeat(300));
    const result = await read({ file_path: 'dense.txt' });
    expect(result.output.length).toBeLessThan(101_000);
    expect(result.output).toMatch(
      /\[Showing lines 1-(\d+) of 300 \(output limit of 100,000 characters reached\)\. Use offset=\d+ to read more\.\]$/,
    );
    const [, last] = /lines 1-(\d+)/.exec(result.output) ?? [];
    expect(result.output).toContain(`offset=${Number(last) + 1}`);
  });

  it('reads a file over the large-file size without scanning all of it', async () => {
    const line = `${'L'.repeat(99)}\n`;
    await writeFile(
      join(workdir, 'huge.log'),
      line.repeat(Math.ceil(LARGE_FILE_BYTES / line.length) + 10),
    );
    const result = await read({ file_path: 'huge.log', limit: 3 });
    expect(result.output).toBe(
      `${numberedLines(1, 3, () => 'L'.repeat(99))}\n\n[Showing lines 1-3. Use offset=4 to read more.]`,
    );
  });

  it('says when a file is empty', async () => {
    await writeFile(join(workdir, 'empty.txt'), '');
    expect(await read({ file_path: 'empty.txt' })).toEqual({
      output: 'empty.txt is empty (0 lines).',
    });
  });

  it('refuses an offset past the end, giving the valid range', async () => {
    await writeFile(join(workdir, 'few.txt'), 'a\nb\nc\n');
    const result = await read({ file_path: 'few.txt', offset: 9 });
    expect(result).toEqual({
      isError: true,
      output: 'few.txt has only 3 lines, so offset 9 is past its end. Use an offset from 1 to 3.',
    });
  });

  it('says a missing file is missing and how to find it', async () => {
    const result = await read({ file_path: 'nope.txt' });
    expect(result.isError).toBe(true);
    expect(result.output).toContain('File not found: nope.txt');
    expect(result.output).toContain('Glob');
  });

  it('points to LS when given a directory', async () => {
    await mkdir(join(workdir, 'dir'));
    const result = await read({ file_path: 'dir' });
    expect(result.isError).toBe(true);
    expect(result.output).toContain('dir is a directory');
    expect(result.output).toContain('LS');
  });

  it('refuses binary files, by content and by extension', async () => {
    await writeFile(join(workdir, 'blob'), Buffer.from([1, 2, 0, 3]));
    await writeFile(join(workdir, 'photo.jpg'), 'not really a jpeg');
    for (const file_path of ['blob', 'photo.jpg']) {
      const result = await read({ file_path });
      expect(result.isError).toBe(true);
      expect(result.output).toContain(`${file_path} is a binary file`);
    }
  });

  it('reports the absolute path it reads, inside or outside the workdir', () => {
    expect(readTool.paths?.({ file_path: 'src/a.ts' }, workdir)).toEqual([
      join(workdir, 'src/a.ts'),
    ]);
    expect(readTool.paths?.({ file_path: '/etc/hosts' }, workdir)).toEqual(['/etc/hosts']);
  });

  it('summarizes as the path relative to the workdir, with the range when given', () => {
    expect(readTool.compact({ file_path: join(workdir, 'src/a.ts') }, workdir)).toBe('src/a.ts');
    expect(readTool.compact({ file_path: 'src/a.ts', offset: 10, limit: 5 }, workdir)).toBe(
      'src/a.ts:10-14',
    );
    expect(readTool.compact({ file_path: 'src/a.ts', offset: 10 })).toBe('src/a.ts:10-2009');
    expect(readTool.compact({})).toBeUndefined();
  });
});
