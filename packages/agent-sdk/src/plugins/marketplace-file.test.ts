// marketplace.json's plugin sources, read as Claude Code reads them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readMarketplace } from './marketplace-file.js';

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function marketplace(json: unknown): string {
  const root = mkdtempSync(join(tmpdir(), 'wave-marketplace-'));
  temps.push(root);
  mkdirSync(join(root, '.claude-plugin'));
  writeFileSync(join(root, '.claude-plugin', 'marketplace.json'), JSON.stringify(json));
  return root;
}

describe('marketplace.json', () => {
  it('reads relative paths, pluginRoot, directory, github, git and git-subdir sources; refuses a path outside', () => {
    const root = marketplace({
      name: 'team',
      metadata: { pluginRoot: './plugins' },
      plugins: [
        { name: 'a', source: './a' },
        { name: 'b', source: 'b' },
        { name: 'c', source: { source: 'directory', path: './c' } },
        { name: 'd', source: { source: 'github', repo: 'org/d', ref: 'v1' } },
        {
          name: 'e',
          source: { source: 'git-subdir', url: 'https://x/e.git', path: 'sub', sha: 'abc' },
        },
        { name: 'f', source: '../outside' },
        { name: 'g', source: { source: 'npm', package: 'g' } },
      ],
    });
    const read = readMarketplace(root);
    if ('problem' in read) throw new Error(read.problem);
    expect(read.name).toBe('team');
    expect(read.plugins.map((plugin) => [plugin.name, plugin.source])).toStrictEqual([
      ['a', { kind: 'path', path: join(root, 'a') }],
      ['b', { kind: 'path', path: join(root, 'plugins', 'b') }],
      ['c', { kind: 'path', path: join(root, 'c') }],
      ['d', { kind: 'git', url: 'https://github.com/org/d.git', ref: 'v1' }],
      ['e', { kind: 'git', url: 'https://x/e.git', sha: 'abc', subdir: 'sub' }],
    ]);
    expect(read.problems).toHaveLength(2);
    expect(read.problems[0]).toContain(
      "the plugin f was skipped: its source ../outside is outside the marketplace's folder",
    );
    expect(read.problems[1]).toContain(
      'the plugin g was skipped: its source kind "npm" is not one Wave reads',
    );
  });

  it('says a folder without marketplace.json is not a marketplace', () => {
    const root = mkdtempSync(join(tmpdir(), 'wave-marketplace-'));
    temps.push(root);
    const read = readMarketplace(root);
    expect('problem' in read && read.problem).toContain('has no .claude-plugin/marketplace.json');
  });
});
