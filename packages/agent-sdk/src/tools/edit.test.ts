import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { editTool } from './edit.js';
import { runTool } from './run-tool.js';
import { contextFor, makeWorkdir, removeWorkdir } from './test-kit.js';
import type { ToolContext } from './tool.js';

let workdir: string;
let file: string;
beforeEach(async () => {
  workdir = await makeWorkdir();
  file = join(workdir, 'code.ts');
  await writeFile(file, 'const a = 1;\nconst b = 2;\nconst a2 = 1;\n');
});
afterEach(async () => {
  await removeWorkdir(workdir);
});

function edit(input: Record<string, unknown>, context: Partial<ToolContext> = {}) {
  return runTool(editTool, { file_path: 'code.ts', ...input }, contextFor(workdir, context));
}

const content = () => readFile(file, 'utf8');

describe('Edit', () => {
  it('replaces a unique string and confirms where', async () => {
    const snapshots: string[] = [];
    const result = await edit(
      { old_string: 'const b = 2;', new_string: 'const b = 3;' },
      { beforeFileChange: async (path) => void snapshots.push(await readFile(path, 'utf8')) },
    );
    expect(result).toEqual({ output: 'Edited code.ts: 1 replacement, starting at line 2.' });
    expect(await content()).toBe('const a = 1;\nconst b = 3;\nconst a2 = 1;\n');
    expect(snapshots).toEqual(['const a = 1;\nconst b = 2;\nconst a2 = 1;\n']);
  });

  it('refuses an ambiguous string, saying how often it occurs and what to do', async () => {
    const result = await edit({ old_string: ' = 1;', new_string: ' = 9;' });
    expect(result.isError).toBe(true);
    expect(result.output).toContain('occurs 2 times in code.ts');
    expect(result.output).toContain('replace_all');
    expect(await content()).toBe('const a = 1;\nconst b = 2;\nconst a2 = 1;\n');
  });

  it('replaces every occurrence with replace_all', async () => {
    const result = await edit({ old_string: ' = 1;', new_string: ' = 9;', replace_all: true });
    expect(result.output).toBe('Edited code.ts: 2 replacements, starting at line 1.');
    expect(await content()).toBe('const a = 9;\nconst b = 2;\nconst a2 = 9;\n');
  });

  it('says when the string is not found and suggests reading the file', async () => {
    const result = await edit({ old_string: 'const c', new_string: 'const d' });
    expect(result.isError).toBe(true);
    expect(result.output).toContain('old_string was not found in code.ts');
    expect(result.output).toContain('Read the file');
  });

  it('refuses an edit that would change nothing', async () => {
    const result = await edit({ old_string: 'const b', new_string: 'const b' });
    expect(result.isError).toBe(true);
    expect(result.output).toContain('identical');
  });

  it('refuses an empty old_string, naming the field', async () => {
    const result = await edit({ old_string: '', new_string: 'x' });
    expect(result.isError).toBe(true);
    expect(result.output).toContain('- old_string: old_string is empty');
  });

  it('says a missing file is missing and that Write creates files', async () => {
    const result = await edit({ file_path: 'nope.ts', old_string: 'a', new_string: 'b' });
    expect(result.isError).toBe(true);
    expect(result.output).toContain('File not found: nope.ts');
    expect(result.output).toContain('use Write');
  });

  it('inserts replacement text literally, even with $ patterns', async () => {
    await edit({ old_string: 'const b = 2;', new_string: "const b = '$&$1$$';" });
    expect(await content()).toContain("const b = '$&$1$$';");
  });

  it('matches \\n text in a file with \\r\\n line endings and keeps them', async () => {
    await writeFile(file, 'first\r\nsecond\r\nthird\r\n');
    const result = await edit({ old_string: 'first\nsecond', new_string: 'one\ntwo' });
    expect(result.isError).toBeUndefined();
    expect(await content()).toBe('one\r\ntwo\r\nthird\r\n');
  });

  it('refuses binary and non-UTF-8 files rather than corrupt them', async () => {
    await writeFile(file, Buffer.from([0x61, 0x00, 0x62]));
    expect((await edit({ old_string: 'a', new_string: 'c' })).output).toContain('binary');
    await writeFile(file, Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])); // "café" in Latin-1
    const result = await edit({ old_string: 'caf', new_string: 'bar' });
    expect(result.output).toContain('not valid UTF-8');
    expect(await readFile(file)).toEqual(Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
  });

  it('reports its path and summarizes it relative to the workdir', () => {
    const input = { file_path: file, old_string: 'a', new_string: 'b' };
    expect(editTool.paths?.(input, workdir)).toEqual([file]);
    expect(editTool.compact({ file_path: file }, workdir)).toBe('code.ts');
  });
});
