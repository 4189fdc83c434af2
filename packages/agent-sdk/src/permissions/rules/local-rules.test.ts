import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJsonc } from '../../storage/jsonc-text.js';
import { readTrustedFolders } from '../trusted-folders.js';
import { saveLocalAllowRule } from './local-rules.js';

function folders() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'wave-local-rules-')));
  const workdir = join(root, 'project');
  const waveHome = join(root, 'home');
  mkdirSync(workdir, { recursive: true });
  return { workdir, waveHome };
}

describe('saveLocalAllowRule', () => {
  it('creates .wave/settings.local.json, ignores it in git, and trusts the folder with the rule', async () => {
    const { workdir, waveHome } = folders();
    writeFileSync(join(workdir, '.gitignore'), 'node_modules');
    const path = await saveLocalAllowRule(workdir, waveHome, 'Bash(npm test:*)');
    expect(path).toBe(join(workdir, '.wave', 'settings.local.json'));
    expect(parseJsonc(readFileSync(path, 'utf8')).value).toEqual({
      permissions: { allow: ['Bash(npm test:*)'] },
    });
    expect(readFileSync(join(workdir, '.gitignore'), 'utf8')).toBe(
      'node_modules\n.wave/settings.local.json\n',
    );
    expect(readTrustedFolders(waveHome).file.folders[workdir]?.granted).toEqual([
      'permissions.allow=Bash(npm test:*)',
    ]);
  });

  it('appends to the file the user wrote, keeping comments, once per rule, and leaves .gitignore alone', async () => {
    const { workdir, waveHome } = folders();
    mkdirSync(join(workdir, '.wave'));
    const path = join(workdir, '.wave', 'settings.local.json');
    writeFileSync(path, '{\n  // mine\n  "permissions": {"allow": ["Read"]},\n}\n');
    await saveLocalAllowRule(workdir, waveHome, 'Edit(/src/**)');
    await saveLocalAllowRule(workdir, waveHome, 'Edit(/src/**)');
    const text = readFileSync(path, 'utf8');
    expect(text).toContain('// mine');
    expect(parseJsonc(text).value).toEqual({ permissions: { allow: ['Read', 'Edit(/src/**)'] } });
    expect(() => readFileSync(join(workdir, '.gitignore'), 'utf8')).toThrow();
  });
});
