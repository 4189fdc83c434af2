// `pnpm --filter ./packages/desktop start`: where Electron's binary is absent (as on this
// machine), one sentence says what is missing and how to get it and nothing is downloaded; where
// it is present, start first builds everything the app runs from — the chat UI too, if it is
// missing or stale — then starts Electron on this folder with the folder asked for. Electron's
// binary cannot run here: a small shell script stands in for it (ELECTRON_OVERRIDE_DIST_PATH, as
// a user points start at an Electron build) and records how it was started and what it found.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const START = fileURLToPath(new URL('../scripts/start.mjs', import.meta.url));
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'wave-desktop-start-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** What the app is started from: Electron loads these (package.json's main, the preload, …). */
const APP_FILES = [
  'dist/main.cjs',
  'dist/preload.cjs',
  'dist/wave/wave.js',
  'dist/webview/index.html',
  'dist/webview/assets/wave.js',
];

describe('the start script', () => {
  it('says in one sentence what is missing and how to get it when Electron is absent', () => {
    const run = spawnSync(process.execPath, [START], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, ELECTRON_OVERRIDE_DIST_PATH: '/nowhere/electron-45' },
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      "Electron's binary is not on this machine (/nowhere/electron-45/electron is missing): run `npx install-electron` in packages/desktop where Electron's downloads can be reached, or set ELECTRON_OVERRIDE_DIST_PATH to the folder of an Electron 45 build, then start again.\n",
    );
  });

  it('builds what the app runs from, then starts Electron on it with the folder given', () => {
    const electronDir = join(root, 'electron-45');
    const record = join(root, 'started-with');
    mkdirSync(electronDir);
    writeFileSync(
      join(electronDir, 'electron'),
      [
        '#!/bin/sh',
        `for file in ${APP_FILES.join(' ')}; do`,
        '  test -s "$1/$file" || { echo "Electron found no $file" >&2; exit 3; }',
        'done',
        `printf '%s\\n' "$@" > '${record}'`,
        'exit 7',
      ].join('\n'),
    );
    chmodSync(join(electronDir, 'electron'), 0o755);
    rmSync(join(packageDir, 'dist'), { recursive: true, force: true });
    const run = spawnSync(process.execPath, [START, '/some/project'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, ELECTRON_OVERRIDE_DIST_PATH: electronDir },
      timeout: 120_000,
    });
    // The app's own exit status is start's.
    expect(run.stderr).not.toContain('Electron found no');
    expect(run.status).toBe(7);
    expect(readFileSync(record, 'utf8')).toBe(`${packageDir}\n/some/project\n`);
  });
});
