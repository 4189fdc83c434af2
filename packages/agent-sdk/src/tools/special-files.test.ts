// Files that are not files: a named pipe blocks whoever opens it until a writer comes, so a Read
// of one used to hang the turn (and the process's exit) forever. Every tool refuses pipes by
// name, and every tool call ends soon after an abort even when its work does not. Real FIFOs.
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settleSoonAfterAbort } from './abort-grace.js';
import { editTool } from './edit.js';
import { grepTool } from './grep.js';
import { readTool } from './read.js';
import { runTool } from './run-tool.js';
import { contextFor, makeWorkdir, removeWorkdir } from './test-kit.js';
import { writeTool } from './write.js';

let workdir: string;
beforeEach(async () => {
  workdir = await makeWorkdir();
  await mkdir(join(workdir, 'dir'));
  const made = spawnSync('mkfifo', [join(workdir, 'dir/pipe')]);
  if (made.status !== 0) throw new Error(`mkfifo failed: ${made.stderr.toString()}`);
  await writeFile(join(workdir, 'dir/text.txt'), 'needle\n');
});
afterEach(async () => {
  await removeWorkdir(workdir);
});

const context = () => contextFor(workdir);

describe('named pipes', () => {
  it('Read refuses a FIFO by name instead of waiting for a writer', async () => {
    const result = await runTool(readTool, { file_path: 'dir/pipe' }, context());
    expect(result).toEqual({
      isError: true,
      output: expect.stringMatching(
        /^dir\/pipe is a named pipe \(FIFO\), not a regular file; Read/,
      ),
    });
  });

  it('Edit and Write refuse a FIFO', async () => {
    const edit = await runTool(
      editTool,
      { file_path: 'dir/pipe', old_string: 'a', new_string: 'b' },
      context(),
    );
    expect(edit.output).toMatch(/named pipe \(FIFO\).*Edit works on regular files only/);
    const write = await runTool(writeTool, { file_path: 'dir/pipe', content: 'x' }, context());
    expect(write.output).toMatch(/named pipe \(FIFO\).*Write works on regular files only/);
  });

  it('Grep does not open a FIFO in the folder it searches, and refuses one named directly', async () => {
    const walk = await runTool(grepTool, { pattern: 'needle', path: 'dir' }, context());
    expect(walk).toEqual({ output: 'dir/text.txt' });
    const direct = await runTool(grepTool, { pattern: 'needle', path: 'dir/pipe' }, context());
    expect(direct).toMatchObject({ isError: true, output: expect.stringMatching(/named pipe/) });
  });
});

describe('a tool call after an abort', () => {
  it('ends within the grace period even when its work never does', async () => {
    const controller = new AbortController();
    const never = new Promise<never>(() => {});
    const settled = settleSoonAfterAbort('Stuck', never, controller.signal, 50);
    controller.abort();
    await expect(settled).resolves.toEqual({
      isError: true,
      output: 'Stuck did not stop within 50 ms of the abort; Wave stopped waiting for it.',
    });
  });

  it('keeps the result of work that ends by itself', async () => {
    const controller = new AbortController();
    const settled = settleSoonAfterAbort(
      'Quick',
      Promise.resolve({ output: 'done' }),
      controller.signal,
      50,
    );
    await expect(settled).resolves.toEqual({ output: 'done' });
  });
});
