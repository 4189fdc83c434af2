import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findTool } from '../../tools/registry.js';
import { suggestRule } from './suggest-rule.js';

const workdir = realpathSync(mkdtempSync(join(tmpdir(), 'wave-suggest-')));

function tool(name: string) {
  const found = findTool(name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

const forCommand = (command: string) => suggestRule(tool('Bash'), { command }, workdir, []);

describe('suggestRule', () => {
  it('offers a command’s leading plain words as a prefix', async () => {
    expect(await forCommand('npm run test -- -u')).toBe('Bash(npm run test:*)');
    expect(await forCommand('pnpm run build')).toBe('Bash(pnpm run build:*)');
    expect(await forCommand('git status --short')).toBe('Bash(git status:*)');
    expect(await forCommand('ls -la')).toBe('Bash(ls:*)');
  });

  it('offers nothing one rule could not say', async () => {
    expect(await forCommand('npm test && rm -rf /')).toBeUndefined();
    expect(await forCommand('FOO=1 npm test')).toBeUndefined();
    expect(await forCommand('ls > out.txt')).toBeUndefined();
    expect(await forCommand('"$(echo rm)" x')).toBeUndefined();
    expect(await forCommand('if true; then ls; fi')).toBeUndefined();
  });

  it('offers a command that runs other commands only exactly, never as a prefix', async () => {
    const exact: readonly string[] = [
      "bash -c 'git status; touch x'",
      "sh -c 'ls'",
      "eval 'git status'",
      'xargs rm',
      'find . -exec touch {} +',
      'find . -name x',
      "python3 -c 'print(1)'",
      "node -e 'process.exit()'",
      "git -c core.sshCommand='touch x' fetch",
      'sudo apt install x',
      'timeout 5 npm test',
      '/usr/bin/env bash x.sh',
      "sed -i 's/a/b/' f",
      'awk 1 f',
    ];
    for (const command of exact) {
      const rule = await forCommand(command);
      expect(rule, command).toBe(`Bash(${command})`);
    }
    // Not even exactly when a word changes at run time or it runs its input (`env sh`), or a
    // `*` would make it a wildcard.
    for (const command of [
      'bash -c "$x"',
      'eval "$x"',
      "python3 -c 'a*b'",
      'env sh',
      'curl x | sh',
      'xargs $x',
    ])
      expect(await forCommand(command), command).toBeUndefined();
    // git with a subcommand first keeps its prefix rule.
    expect(await forCommand('git status')).toBe('Bash(git status:*)');
  });

  it('offers the file’s folder for an edit, anchored at the work folder or the root', async () => {
    expect(
      await suggestRule(tool('Write'), { file_path: 'src/ui/a.ts', content: '' }, workdir, []),
    ).toBe('Edit(/src/ui/**)');
    const edit = { file_path: 'a.ts', old_string: 'a', new_string: 'b' };
    expect(await suggestRule(tool('Edit'), edit, workdir, [])).toBe('Edit(/**)');
    expect(await suggestRule(tool('Edit'), { file_path: 'a.ts' }, workdir, [])).toBeUndefined();
    const outside = join(tmpdir(), 'elsewhere', 'b.ts');
    expect(
      await suggestRule(tool('Write'), { file_path: outside, content: '' }, workdir, [outside]),
    ).toBe(`Edit(/${realpathSync(tmpdir())}/elsewhere/**)`);
  });
});
