import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMemory } from './load-memory.js';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'wave-memory-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('loadMemory', () => {
  it('reads the user file, then root to work folder AGENTS.md, WAVE.md, CLAUDE.md, then rules, imports after their importer', () => {
    const root = tree({
      'home/AGENTS.md': 'user',
      'repo/.git/HEAD': '',
      'repo/CLAUDE.md': 'root claude\n@docs/style.md',
      'repo/AGENTS.md': 'root agents',
      'repo/docs/style.md': 'style',
      'repo/.claude/rules/b.md': 'rule b',
      'repo/.wave/rules/a.md': 'rule a',
      'repo/pkg/WAVE.md': 'pkg wave',
      'outside/AGENTS.md': 'not read',
    });
    const memory = loadMemory({
      workdir: join(root, 'repo', 'pkg'),
      waveHome: join(root, 'home'),
      trusted: false,
    });
    expect(memory.files.map((file) => [file.content.split('\n')[0], file.scope])).toEqual([
      ['user', 'user'],
      ['root agents', 'project'],
      ['root claude', 'project'],
      ['style', 'project'],
      ['rule a', 'project'],
      ['rule b', 'project'],
      ['pkg wave', 'project'],
    ]);
    expect(memory.files[3]?.importedFrom).toBe(join(root, 'repo', 'CLAUDE.md'));
    expect(memory.warnings).toEqual([]);
  });

  it('follows relative, absolute and ~/ imports at most five levels deep, cuts cycles, warns on a missing file', () => {
    const root = tree({
      'repo/.git/HEAD': '',
      'repo/CLAUDE.md': '@l1.md\n@missing.md\n@a.md',
      'repo/l1.md': 'one @l2.md',
      'repo/l2.md': 'two @l3.md',
      'repo/l3.md': 'three @l4.md',
      'repo/l4.md': 'four @l5.md',
      'repo/l5.md': 'five @l6.md',
      'repo/l6.md': 'six',
      'repo/a.md': 'a @b.md',
      'repo/b.md': 'b @a.md',
      'home/AGENTS.md': '@~/mine.md @ABS',
      'user/mine.md': 'mine',
      'user/abs.md': 'absolute',
    });
    const home = join(root, 'home');
    writeFileSync(join(home, 'AGENTS.md'), `@~/mine.md @${join(root, 'user', 'abs.md')}`);
    const memory = loadMemory({
      workdir: join(root, 'repo'),
      waveHome: home,
      trusted: false,
      homeDir: join(root, 'user'),
    });
    const firstWords = memory.files.map((file) => file.content.split(/\s/)[0]);
    expect(firstWords).toEqual([
      `@~/mine.md`,
      'mine',
      'absolute',
      '@l1.md',
      'one',
      'two',
      'three',
      'four',
      'five',
      'a',
      'b',
    ]);
    expect(memory.warnings.join('\n')).toContain('at most 5 levels deep');
    expect(memory.warnings.join('\n')).toContain(
      `imports ${join(root, 'repo', 'missing.md')}, which does not exist`,
    );
    expect(memory.warnings.join('\n')).toContain('which imports it back; the cycle was cut');
  });

  it("keeps a project's imports inside the repository until the folder is trusted", () => {
    const root = tree({
      'repo/.git/HEAD': '',
      'repo/CLAUDE.md': '@~/secret.txt',
      'user/secret.txt': 'PRIVATE KEY',
    });
    const input = {
      workdir: join(root, 'repo'),
      waveHome: join(root, 'h'),
      homeDir: join(root, 'user'),
    };
    const untrusted = loadMemory({ ...input, trusted: false });
    expect(untrusted.files.map((file) => file.content)).toEqual(['@~/secret.txt']);
    expect(untrusted.warnings[0]).toContain('outside the repository');
    const trusted = loadMemory({ ...input, trusted: true });
    expect(trusted.files.map((file) => file.content)).toContain('PRIVATE KEY');
  });

  it("keeps a project's files inside the repository against ../.. and links, until the folder is trusted", () => {
    const root = tree({
      'repo/.git/HEAD': '',
      'repo/CLAUDE.md': '@../outside/key.txt\n@docs/key.txt\n@docs/../../outside/key.txt',
      'repo/src/CLAUDE.md': '@../../outside/key.txt',
      'outside/key.txt': 'PRIVATE KEY',
    });
    symlinkSync(join(root, 'outside'), join(root, 'repo', 'docs'));
    // A memory file that is itself a link out of the repository, and a rule file too.
    mkdirSync(join(root, 'repo', '.claude', 'rules'), { recursive: true });
    symlinkSync(join(root, 'outside', 'key.txt'), join(root, 'repo', '.claude', 'rules', 'k.md'));
    symlinkSync(join(root, 'outside', 'key.txt'), join(root, 'repo', 'src', 'AGENTS.md'));
    const input = { workdir: join(root, 'repo', 'src'), waveHome: join(root, 'h') };
    const untrusted = loadMemory({ ...input, trusted: false });
    expect(untrusted.files.map((file) => file.content).join('\n')).not.toContain('PRIVATE KEY');
    expect(untrusted.warnings.filter((w) => w.includes('outside the repository'))).toHaveLength(6);
    const trusted = loadMemory({ ...input, trusted: true });
    expect(trusted.files.map((file) => file.content)).toContain('PRIVATE KEY');
  });

  it('reads no file a deny rule for Read covers, imported or linked, trusted or not', () => {
    const root = tree({
      'repo/.git/HEAD': '',
      'repo/CLAUDE.md': 'see @.env and @config/settings.md',
      'repo/.env': 'TOKEN=sk-secret',
      'repo/config/settings.md': 'settings',
    });
    symlinkSync(join(root, 'repo', '.env'), join(root, 'repo', 'AGENTS.md'));
    const env = join(root, 'repo', '.env');
    const memory = loadMemory({
      workdir: join(root, 'repo'),
      waveHome: join(root, 'h'),
      trusted: true,
      denied: (realPath) => realPath === realpathSync(env),
    });
    expect(memory.files.map((file) => file.content)).toEqual([
      'see @.env and @config/settings.md',
      'settings',
    ]);
    expect(memory.warnings).toEqual([
      `${join(root, 'repo', 'AGENTS.md')} is covered by a deny rule for Read in your permission settings, so the model does not see it.`,
      `${join(root, 'repo', 'CLAUDE.md')} imports ${env}, which is covered by a deny rule for Read in your permission settings, so the model does not see it.`,
    ]);
  });

  it('reads a file linked under two names once', () => {
    const root = tree({ 'repo/.git/HEAD': '', 'repo/AGENTS.md': 'shared' });
    symlinkSync(join(root, 'repo', 'AGENTS.md'), join(root, 'repo', 'CLAUDE.md'));
    const memory = loadMemory({
      workdir: join(root, 'repo'),
      waveHome: join(root, 'h'),
      trusted: false,
    });
    expect(memory.files.map((file) => file.content)).toEqual(['shared']);
  });

  it('bounds each file and the total, and says so', () => {
    const root = tree({
      'repo/.git/HEAD': '',
      'repo/AGENTS.md': 'a'.repeat(30),
      'repo/WAVE.md': 'w'.repeat(30),
      'repo/CLAUDE.md': 'c'.repeat(10),
    });
    const memory = loadMemory({
      workdir: join(root, 'repo'),
      waveHome: join(root, 'h'),
      trusted: false,
      maxFileChars: 20,
      maxTotalChars: 35,
    });
    expect(memory.files.map((file) => file.content.split('\n')[0])).toEqual([
      'a'.repeat(20),
      'w'.repeat(15),
    ]);
    expect(memory.warnings).toHaveLength(3);
    expect(memory.warnings[2]).toContain('one more file was not read');
  });
});
