// `@` completion as a host asks for it: findFiles over a real server, in a git repository (what
// git ignores is left out, untracked files are in) and in a plain folder (its .gitignore files
// are honoured by the walk), best match first, folders offered with a trailing slash.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startAttachmentServer } from './test-support/attachment-server.js';
import type { AttachmentServer } from './test-support/attachment-server.js';

const UNUSED = { name: 'unused', turns: [{ reply: [{ type: 'text' as const, text: 'ok' }] }] };

let server: AttachmentServer | undefined;
let folder: string | undefined;
afterEach(async () => {
  await server?.dispose();
  server = undefined;
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

function tree(files: Record<string, string>): string {
  folder = mkdtempSync(join(tmpdir(), 'wave-find-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), content);
  }
  return folder;
}

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { cwd });
}

const FILES = {
  '.gitignore': 'dist/\n*.log\n',
  'src/attachments/file-index.ts': 'index',
  'src/attachments/fuzzy-match.ts': 'fuzzy',
  'src/fixtures/index-of-things.ts': 'x',
  'docs/my notes.md': 'notes',
  'dist/bundle.js': 'built',
  'debug.log': 'log',
  'README.md': 'readme',
};

async function paths(query: string, limit?: number): Promise<string[]> {
  const session = await server!.open('openai');
  const { files } = await session.request('findFiles', { query, ...(limit ? { limit } : {}) });
  return files.map((file) => file.path);
}

describe('findFiles', () => {
  it('in a git repository lists tracked and untracked files, leaves out what .gitignore does, and offers folders', async () => {
    const workdir = tree(FILES);
    git(workdir, 'init', '-q');
    git(workdir, 'add', 'src', '.gitignore');
    git(workdir, 'commit', '-q', '-m', 'first');
    server = await startAttachmentServer(UNUSED, { workdir });
    const all = await paths('', 200);
    expect(all).toContain('src/attachments/file-index.ts');
    expect(all).toContain('docs/my notes.md'); // untracked, not ignored
    expect(all).toContain('src/');
    expect(all).toContain('src/attachments/');
    expect(all.some((path) => path.startsWith('dist/') || path.endsWith('.log'))).toBe(false);
  });

  it('outside git walks the folder honouring its .gitignore files (a nested one too)', async () => {
    const workdir = tree({ ...FILES, 'src/.gitignore': 'fixtures/\n' });
    server = await startAttachmentServer(UNUSED, { workdir });
    const all = await paths('', 200);
    expect(all).toContain('src/attachments/fuzzy-match.ts');
    expect(all).toContain('README.md');
    expect(all.some((path) => path.startsWith('dist/') || path.endsWith('.log'))).toBe(false);
    expect(all.some((path) => path.includes('fixtures'))).toBe(false);
  });

  it('ranks a path that starts with the query, then a file name that does, above letters scattered along a path', async () => {
    const workdir = tree(FILES);
    server = await startAttachmentServer(UNUSED, { workdir });
    expect((await paths('src/att'))[0]).toBe('src/attachments/');
    expect((await paths('file-ind'))[0]).toBe('src/attachments/file-index.ts');
    const scattered = await paths('fzm');
    expect(scattered[0]).toBe('src/attachments/fuzzy-match.ts');
    // `index` is in both names; the file whose name starts with it comes first.
    const index = await paths('index');
    expect(index.indexOf('src/fixtures/index-of-things.ts')).toBeLessThan(
      index.indexOf('src/attachments/file-index.ts'),
    );
  });
});
