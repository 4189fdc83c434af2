import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_LS_ENTRIES, lsTool } from './ls.js';
import { runTool } from './run-tool.js';
import { contextFor, fileRulesOf, makeWorkdir, removeWorkdir } from './test-kit.js';

let workdir: string;
beforeEach(async () => {
  workdir = await makeWorkdir();
});
afterEach(async () => {
  await removeWorkdir(workdir);
});

function ls(input: Record<string, unknown>) {
  return runTool(lsTool, input, contextFor(workdir));
}

describe('LS', () => {
  it('lists the workdir sorted by name, directories with a trailing slash', async () => {
    await mkdir(join(workdir, 'src'));
    await writeFile(join(workdir, 'b.txt'), '');
    await writeFile(join(workdir, '.env'), '');
    await symlink(join(workdir, 'src'), join(workdir, 'link-to-src'));
    await symlink(join(workdir, 'gone'), join(workdir, 'dangling'));
    expect(await ls({})).toEqual({ output: '.env\nb.txt\ndangling\nlink-to-src/\nsrc/' });
  });

  it('lists a given directory', async () => {
    await mkdir(join(workdir, 'src/inner'), { recursive: true });
    await writeFile(join(workdir, 'src/a.ts'), '');
    expect(await ls({ path: 'src' })).toEqual({ output: 'a.ts\ninner/' });
  });

  it('says when a directory is empty', async () => {
    await mkdir(join(workdir, 'empty'));
    expect(await ls({ path: 'empty' })).toEqual({ output: 'empty is empty.' });
  });

  it(`caps the listing at ${MAX_LS_ENTRIES} entries with a note`, async () => {
    await Promise.all(
      Array.from({ length: MAX_LS_ENTRIES + 2 }, (_, i) =>
        writeFile(join(workdir, `f${String(i).padStart(4, '0')}`), ''),
      ),
    );
    const result = await ls({});
    expect(result.output.split('\n').filter((line) => line.startsWith('f'))).toHaveLength(
      MAX_LS_ENTRIES,
    );
    expect(result.output).toContain('[Showing the first 1,000 of 1,002 entries.');
  });

  it('says what to do for a missing path or a file', async () => {
    await writeFile(join(workdir, 'a.txt'), '');
    const missing = await ls({ path: 'nope' });
    expect(missing.isError).toBe(true);
    expect(missing.output).toContain('Directory not found: nope');
    const file = await ls({ path: 'a.txt' });
    expect(file.isError).toBe(true);
    expect(file.output).toContain('Use Read');
  });

  it('reports the directory and summarizes it relative to the workdir', () => {
    expect(lsTool.paths?.({}, workdir)).toEqual([workdir]);
    expect(lsTool.paths?.({ path: '/tmp' }, workdir)).toEqual(['/tmp']);
    expect(lsTool.compact({})).toBe('.');
    expect(lsTool.compact({ path: join(workdir, 'src') }, workdir)).toBe('src');
  });
});

describe('LS and deny rules for Read', () => {
  async function lsUnder(rules: { deny?: string[]; ask?: string[] }, input: object) {
    const fileRules = await fileRulesOf(workdir, lsTool, rules);
    return runTool(lsTool, input, contextFor(workdir, fileRules ? { fileRules } : {}));
  }

  it("leaves a denied entry's name out, a link to it too, and says how many", async () => {
    await mkdir(join(workdir, 'secret'));
    await writeFile(join(workdir, 'secret', 'keys.txt'), '');
    await writeFile(join(workdir, '.env'), '');
    await writeFile(join(workdir, 'b.txt'), '');
    await symlink(join(workdir, '.env'), join(workdir, 'innocent.txt'));
    await symlink(join(workdir, 'secret'), join(workdir, 'innocent'));
    const deny = { deny: ['Read(.env)', 'Read(./secret/**)'] };
    expect(await lsUnder(deny, {})).toEqual({
      output:
        'b.txt\ninnocent/\nsecret/\n\n[2 entries left out: deny rules for Read in the permission settings cover them.]',
    });
    expect(await lsUnder(deny, { path: 'innocent' })).toEqual({
      output:
        'innocent is empty.\n\n[1 entry left out: deny rules for Read in the permission settings cover it.]',
    });
    expect(await lsUnder({ ask: ['Read(.env)'] }, {})).toMatchObject({
      output: expect.stringContaining('.env\n') as unknown,
    });
  });
});
