import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runTool } from './run-tool.js';
import { contextFor, makeWorkdir, removeWorkdir } from './test-kit.js';
import { writeTool } from './write.js';

let workdir: string;
beforeEach(async () => {
  workdir = await makeWorkdir();
});
afterEach(async () => {
  await removeWorkdir(workdir);
});

/** Records, at each call, what the file held: the snapshot must happen before the write. */
function snapshotRecorder() {
  const seen: { path: string; content: string | undefined }[] = [];
  const beforeFileChange = async (path: string) => {
    seen.push({ path, content: await readFile(path, 'utf8').catch(() => undefined) });
  };
  return { seen, beforeFileChange };
}

describe('Write', () => {
  it('creates a file and its missing parent directories, reporting the line count', async () => {
    const { seen, beforeFileChange } = snapshotRecorder();
    const result = await runTool(
      writeTool,
      { file_path: 'deep/er/new.txt', content: 'one\ntwo\n' },
      contextFor(workdir, { beforeFileChange }),
    );
    expect(result).toEqual({ output: 'Created deep/er/new.txt (2 lines).' });
    expect(await readFile(join(workdir, 'deep/er/new.txt'), 'utf8')).toBe('one\ntwo\n');
    expect(seen).toEqual([{ path: join(workdir, 'deep/er/new.txt'), content: undefined }]);
  });

  it('overwrites an existing file after the old content was snapshotted', async () => {
    await writeFile(join(workdir, 'a.txt'), 'old');
    const { seen, beforeFileChange } = snapshotRecorder();
    const result = await runTool(
      writeTool,
      { file_path: join(workdir, 'a.txt'), content: 'new' },
      contextFor(workdir, { beforeFileChange }),
    );
    expect(result).toEqual({ output: 'Overwrote a.txt (1 line).' });
    expect(seen).toEqual([{ path: join(workdir, 'a.txt'), content: 'old' }]);
    expect(await readFile(join(workdir, 'a.txt'), 'utf8')).toBe('new');
  });

  it('does not write when the snapshot fails', async () => {
    const beforeFileChange = () => Promise.reject(new Error('snapshot store is full'));
    const result = await runTool(
      writeTool,
      { file_path: 'a.txt', content: 'x' },
      contextFor(workdir, { beforeFileChange }),
    );
    expect(result.isError).toBe(true);
    expect(result.output).toContain('snapshot store is full');
    await expect(readFile(join(workdir, 'a.txt'))).rejects.toThrow();
  });

  it('refuses to write over a directory', async () => {
    await mkdir(join(workdir, 'dir'));
    const result = await runTool(
      writeTool,
      { file_path: 'dir', content: 'x' },
      contextFor(workdir),
    );
    expect(result.isError).toBe(true);
    expect(result.output).toContain('dir is a directory');
  });

  it('counts an empty file as 0 lines', async () => {
    const result = await runTool(
      writeTool,
      { file_path: 'e.txt', content: '' },
      contextFor(workdir),
    );
    expect(result.output).toBe('Created e.txt (0 lines).');
  });

  it('reports its path and summarizes it relative to the workdir', () => {
    expect(writeTool.paths?.({ file_path: 'x/y.txt', content: '' }, workdir)).toEqual([
      join(workdir, 'x/y.txt'),
    ]);
    expect(writeTool.compact({ file_path: join(workdir, 'x/y.txt') }, workdir)).toBe('x/y.txt');
    expect(writeTool.compact({ content: 'partial' })).toBeUndefined();
  });
});
