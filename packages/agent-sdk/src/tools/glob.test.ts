import { mkdir, symlink, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_GLOB_RESULTS, globTool } from './glob.js';
import { runTool } from './run-tool.js';
import { contextFor, fileRulesOf, makeWorkdir, removeWorkdir } from './test-kit.js';

let workdir: string;
beforeEach(async () => {
  workdir = await makeWorkdir();
});
afterEach(async () => {
  await removeWorkdir(workdir);
});

/** Creates files whose modification times follow the given order, oldest first. */
async function createFiles(paths: readonly string[]): Promise<void> {
  let time = 1_700_000_000;
  for (const path of paths) {
    const absolute = join(workdir, path);
    await mkdir(dirname(absolute), { recursive: true });
    await writeFile(absolute, path);
    await utimes(absolute, time, time);
    time += 60;
  }
}

function glob(input: Record<string, unknown>) {
  return runTool(globTool, input, contextFor(workdir));
}

describe('Glob', () => {
  it('lists matches relative to the workdir, newest first', async () => {
    await createFiles(['src/old.ts', 'src/deep/mid.ts', 'README.md', 'src/new.ts']);
    expect(await glob({ pattern: '**/*.ts' })).toEqual({
      output: 'src/new.ts\nsrc/deep/mid.ts\nsrc/old.ts',
    });
  });

  it('skips .git and node_modules but finds other dot files', async () => {
    await createFiles([
      '.git/config.ts',
      'node_modules/pkg/index.ts',
      'lib/node_modules/x.ts',
      '.config/a.ts',
      'b.ts',
    ]);
    expect((await glob({ pattern: '**/*.ts' })).output.split('\n').sort()).toEqual([
      '.config/a.ts',
      'b.ts',
    ]);
  });

  it('searches from path, still listing results relative to the workdir', async () => {
    await createFiles(['a/x.js', 'b/y.js']);
    expect(await glob({ pattern: '*.js', path: 'b' })).toEqual({ output: 'b/y.js' });
  });

  it('accepts an absolute pattern and reports the directory it searches', async () => {
    await createFiles(['pkg/src/z.ts', 'other/w.ts']);
    const pattern = `${workdir}/pkg/**/*.ts`;
    expect(await glob({ pattern })).toEqual({ output: 'pkg/src/z.ts' });
    expect(globTool.paths?.({ pattern }, workdir)).toEqual([join(workdir, 'pkg')]);
    expect(globTool.paths?.({ pattern: '../*.ts' }, workdir)).toEqual([dirname(workdir)]);
  });

  it(`caps the list at ${MAX_GLOB_RESULTS} files with a note`, async () => {
    await mkdir(join(workdir, 'many'));
    await Promise.all(
      Array.from({ length: MAX_GLOB_RESULTS + 5 }, (_, i) =>
        writeFile(join(workdir, 'many', `f${i}.txt`), ''),
      ),
    );
    const result = await glob({ pattern: 'many/*.txt' });
    const lines = result.output.split('\n');
    expect(lines.filter((line) => line.startsWith('many/'))).toHaveLength(MAX_GLOB_RESULTS);
    expect(result.output).toContain(
      '[Showing the 1,000 most recently modified of 1,005 matching files.',
    );
  });

  it('says when nothing matches', async () => {
    expect(await glob({ pattern: '*.rs' })).toEqual({ output: 'No files match *.rs in ..' });
  });

  it('says when the directory to search does not exist', async () => {
    const result = await glob({ pattern: '*.ts', path: 'missing' });
    expect(result.isError).toBe(true);
    expect(result.output).toContain('Directory not found: missing');
  });

  it('refuses ".." after a wildcard, which could leave the searched directory', async () => {
    const result = await glob({ pattern: '**/../*.ts' });
    expect(result.isError).toBe(true);
    expect(result.output).toContain('".." after a wildcard');
  });

  it('summarizes as the pattern and, when given, where', () => {
    expect(globTool.compact({ pattern: '**/*.ts' })).toBe('**/*.ts');
    expect(globTool.compact({ pattern: '*.ts', path: join(workdir, 'src') }, workdir)).toBe(
      '*.ts in src',
    );
    expect(globTool.compact({ path: 'src' })).toBeUndefined();
  });
});

describe('Glob and deny rules for Read', () => {
  async function globUnder(rules: { deny?: string[]; ask?: string[] }, input: object) {
    const fileRules = await fileRulesOf(workdir, globTool, rules);
    return runTool(globTool, input, contextFor(workdir, fileRules ? { fileRules } : {}));
  }

  it("leaves a denied file's name out of the list, also through a link to its folder", async () => {
    await createFiles(['.env', 'secret/keys.txt', 'src/app.ts']);
    await symlink(join(workdir, 'secret'), join(workdir, 'innocent'));
    const deny = { deny: ['Read(.env)', 'Read(./secret/**)'] };
    expect(await globUnder(deny, { pattern: '**/*' })).toEqual({
      output:
        'src/app.ts\n\n[2 files left out: deny rules for Read in the permission settings cover them.]',
    });
    expect(await globUnder(deny, { pattern: '*', path: 'innocent' })).toEqual({
      output:
        'No files match * in innocent.\n\n[1 file left out: deny rules for Read in the permission settings cover it.]',
    });
  });

  it('lists a file an ask rule covers: only its content asks', async () => {
    await createFiles(['.env']);
    expect(await globUnder({ ask: ['Read(.env)'] }, { pattern: '*' })).toEqual({ output: '.env' });
  });
});
