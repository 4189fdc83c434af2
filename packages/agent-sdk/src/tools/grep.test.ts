import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_GREP_FILE_BYTES, grepTool } from './grep.js';
import { runTool } from './run-tool.js';
import { contextFor, fileRulesOf, makeWorkdir, removeWorkdir } from './test-kit.js';

let workdir: string;
beforeEach(async () => {
  workdir = await makeWorkdir();
});
afterEach(async () => {
  await removeWorkdir(workdir);
});

async function createFiles(files: Record<string, string | Buffer>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(workdir, path)), { recursive: true });
    await writeFile(join(workdir, path), content);
  }
}

function grep(input: Record<string, unknown>) {
  return runTool(grepTool, input, contextFor(workdir));
}

const source = {
  'src/a.ts': 'import x from "y";\nfunction alpha() {}\nconst TODO = 1;\n',
  'src/b.ts': 'function beta() {}\n',
  'docs/notes.md': 'function in prose\n',
};

describe('Grep', () => {
  it('lists the files that match, relative to the workdir, by default', async () => {
    await createFiles(source);
    expect(await grep({ pattern: 'function \\w+\\(' })).toEqual({ output: 'src/a.ts\nsrc/b.ts' });
  });

  it('shows matching lines as path:line:text in content mode', async () => {
    await createFiles(source);
    expect(await grep({ pattern: 'function', output_mode: 'content' })).toEqual({
      output:
        'docs/notes.md:1:function in prose\nsrc/a.ts:2:function alpha() {}\nsrc/b.ts:1:function beta() {}',
    });
  });

  it('shows context lines as path-line-text, separating groups with --', async () => {
    await createFiles({ 'f.txt': ['a', 'hit 1', 'b', 'c', 'd', 'e', 'hit 2', 'f'].join('\n') });
    const result = await grep({ pattern: 'hit', output_mode: 'content', context: 1 });
    expect(result.output).toBe(
      [
        'f.txt-1-a',
        'f.txt:2:hit 1',
        'f.txt-3-b',
        '--',
        'f.txt-6-e',
        'f.txt:7:hit 2',
        'f.txt-8-f',
      ].join('\n'),
    );
  });

  it('merges overlapping context instead of repeating lines', async () => {
    await createFiles({ 'f.txt': ['hit 1', 'between', 'hit 2', 'after'].join('\n') });
    const result = await grep({ pattern: 'hit', output_mode: 'content', context: 2 });
    expect(result.output).toBe(
      ['f.txt:1:hit 1', 'f.txt-2-between', 'f.txt:3:hit 2', 'f.txt-4-after'].join('\n'),
    );
  });

  it('counts matching lines per file in count mode', async () => {
    await createFiles({ 'a.txt': 'x\nx\ny\n', 'b.txt': 'x\n', 'c.txt': 'y\n' });
    expect(await grep({ pattern: 'x', output_mode: 'count' })).toEqual({
      output: 'a.txt:2\nb.txt:1',
    });
  });

  it('ignores case when asked', async () => {
    await createFiles(source);
    expect((await grep({ pattern: 'todo' })).output).toContain('No matches');
    expect(await grep({ pattern: 'todo', case_insensitive: true })).toEqual({ output: 'src/a.ts' });
  });

  it('filters files by glob, by name at any depth or by path', async () => {
    await createFiles(source);
    expect(await grep({ pattern: 'function', glob: '*.md' })).toEqual({ output: 'docs/notes.md' });
    expect(await grep({ pattern: 'function', glob: 'src/b.*' })).toEqual({ output: 'src/b.ts' });
  });

  it('searches a single file given as path', async () => {
    await createFiles(source);
    expect(await grep({ pattern: 'beta', path: 'src/b.ts', output_mode: 'content' })).toEqual({
      output: 'src/b.ts:1:function beta() {}',
    });
  });

  it('skips binary files, .git and node_modules', async () => {
    await createFiles({
      'bin.dat': Buffer.concat([Buffer.from('needle'), Buffer.from([0])]),
      '.git/HEAD': 'needle',
      'node_modules/p/i.js': 'needle',
      'ok.txt': 'needle',
    });
    expect(await grep({ pattern: 'needle' })).toEqual({ output: 'ok.txt' });
  });

  it('refuses a binary file given as path', async () => {
    await createFiles({ 'bin.dat': Buffer.from([0x6e, 0, 0x6e]) });
    const result = await grep({ pattern: 'n', path: 'bin.dat' });
    expect(result.isError).toBe(true);
    expect(result.output).toContain('binary');
  });

  it('skips files over the size limit and names them', async () => {
    await createFiles({
      'big.log': 'needle\n'.padEnd(MAX_GREP_FILE_BYTES + 1, 'x'),
      'small.txt': 'needle',
    });
    const result = await grep({ pattern: 'needle' });
    expect(result.output).toBe(
      'small.txt\n\n[Skipped 1 files over 10 MB: big.log. Search them with Bash (grep) if they matter.]',
    );
  });

  it('stops at max_results with a note saying how to see more', async () => {
    await createFiles({ 'f.txt': 'hit\n'.repeat(10) });
    const result = await grep({ pattern: 'hit', output_mode: 'content', max_results: 3 });
    expect(result.output).toBe(
      'f.txt:1:hit\nf.txt:2:hit\nf.txt:3:hit\n\n[Stopped at max_results=3. Narrow the pattern, path or glob, or raise max_results, to see more.]',
    );
    const files = await grep({ pattern: 'hit', max_results: 1 });
    expect(files.output).toBe('f.txt');
  });

  it('caps files across parallel batches at max_results', async () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 40; i += 1) many[`f${String(i).padStart(2, '0')}.txt`] = 'hit';
    await createFiles(many);
    const result = await grep({ pattern: 'hit', max_results: 20 });
    const [list = '', note] = result.output.split('\n\n');
    expect(list.split('\n')).toEqual(Object.keys(many).slice(0, 20));
    expect(note).toContain('Stopped at max_results=20');
  });

  it('shows a long line around its match', async () => {
    await createFiles({ 'min.js': `${'a'.repeat(5000)}NEEDLE${'b'.repeat(5000)}` });
    const result = await grep({ pattern: 'NEEDLE', output_mode: 'content' });
    expect(result.output).toMatch(
      /^min\.js:1:\[4,900 characters\] \.\.\.a{100}NEEDLEb{394}\.\.\. \[line truncated: 4,606 more characters\]$/,
    );
  });

  it('explains an invalid regular expression', async () => {
    const result = await grep({ pattern: 'foo(' });
    expect(result.isError).toBe(true);
    expect(result.output).toContain('Invalid regular expression /foo(/');
    expect(result.output).toContain('escape');
  });

  it('says when the path does not exist', async () => {
    const result = await grep({ pattern: 'x', path: 'missing' });
    expect(result.isError).toBe(true);
    expect(result.output).toContain('Path not found: missing');
  });

  it('reports the directory it searches and summarizes as /pattern/', () => {
    expect(grepTool.paths?.({ pattern: 'x', path: 'src' }, workdir)).toEqual([
      join(workdir, 'src'),
    ]);
    expect(grepTool.paths?.({ pattern: 'x', glob: '/etc/*.conf' }, workdir)).toEqual(['/etc']);
    expect(grepTool.compact({ pattern: 'TODO' })).toBe('/TODO/');
    expect(grepTool.compact({ pattern: 'TODO', path: join(workdir, 'src') }, workdir)).toBe(
      '/TODO/ in src',
    );
  });
});

describe('Grep and the permission rules, per file found', () => {
  const secrets = {
    '.env': 'TOKEN=sk-env-secret\n',
    'secret/keys.txt': 'TOKEN=sk-folder-secret\n',
    'src/app.ts': 'const TOKEN = process.env.TOKEN;\n',
  };

  async function grepUnder(rules: { deny?: string[]; ask?: string[] }, input: object) {
    const fileRules = await fileRulesOf(workdir, grepTool, rules);
    return runTool(grepTool, input, contextFor(workdir, fileRules ? { fileRules } : {}));
  }

  it('leaves out a file Read(.env) denies, in every output mode, and says a file was left out', async () => {
    await createFiles(secrets);
    for (const output_mode of ['content', 'files_with_matches', 'count']) {
      const result = await grepUnder({ deny: ['Read(.env)'] }, { pattern: 'TOKEN', output_mode });
      expect(result.output, output_mode).not.toContain('.env:');
      expect(result.output, output_mode).not.toMatch(/^\.env$/m);
      expect(result.output, output_mode).not.toContain('sk-env-secret');
      expect(result.output, output_mode).toContain('src/app.ts');
      expect(result.output, output_mode).toContain(
        '[1 file left out: deny rules for Read in the permission settings cover it.]',
      );
    }
  });

  it('holds Read(./secret/**) however the folder is reached: all, path, a link to it, glob', async () => {
    await createFiles(secrets);
    await symlink(join(workdir, 'secret'), join(workdir, 'innocent'));
    await symlink(join(workdir, 'secret', 'keys.txt'), join(workdir, 'notes.txt'));
    const deny = { deny: ['Read(./secret/**)'] };
    for (const input of [
      { pattern: 'TOKEN' },
      { pattern: 'TOKEN', path: 'secret' },
      { pattern: 'TOKEN', path: 'innocent' },
      { pattern: 'TOKEN', path: 'notes.txt' },
      { pattern: 'TOKEN', glob: 'secret/*' },
      { pattern: 'TOKEN', path: 'src/../secret' },
    ]) {
      const result = await grepUnder(deny, { ...input, output_mode: 'content' });
      expect(result.output, JSON.stringify(input)).not.toContain('sk-folder-secret');
      expect(result.output, JSON.stringify(input)).toContain('1 file left out');
    }
  });

  it('does not search a file an ask rule covers, and names it so the model can Read it (and be asked)', async () => {
    await createFiles(secrets);
    const result = await grepUnder(
      { ask: ['Read(.env)'] },
      { pattern: 'TOKEN', output_mode: 'content' },
    );
    expect(result.output).not.toContain('sk-env-secret');
    expect(result.output).toContain(
      '[Not searched: a file that ask rules for Read cover (.env). Read it to have the user asked.]',
    );
  });

  it('searches everything when no rule restricts a file', async () => {
    await createFiles(secrets);
    expect(await fileRulesOf(workdir, grepTool, { deny: ['Bash(rm:*)'] })).toBeUndefined();
    const result = await grepUnder({}, { pattern: 'sk-', output_mode: 'content' });
    expect(result.output).toBe(
      '.env:1:TOKEN=sk-env-secret\nsecret/keys.txt:1:TOKEN=sk-folder-secret',
    );
  });
});
