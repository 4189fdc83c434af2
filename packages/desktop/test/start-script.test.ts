// `pnpm --filter ./packages/desktop start` where Electron's binary is absent (as on this machine):
// one sentence says what is missing and how to get it; nothing is downloaded.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('the start script', () => {
  it('says in one sentence what is missing and how to get it when Electron is absent', () => {
    const run = spawnSync(
      process.execPath,
      [fileURLToPath(new URL('../scripts/start.mjs', import.meta.url))],
      {
        encoding: 'utf8',
        env: { PATH: process.env.PATH, ELECTRON_OVERRIDE_DIST_PATH: '/nowhere/electron-45' },
        timeout: 30_000,
      },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      "Electron's binary is not on this machine (/nowhere/electron-45/electron is missing): run `npx install-electron` in packages/desktop where Electron's downloads can be reached, or set ELECTRON_OVERRIDE_DIST_PATH to the folder of an Electron 45 build, then start again.\n",
    );
  });
});
