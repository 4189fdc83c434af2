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
