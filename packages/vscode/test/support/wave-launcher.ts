// The `wave` program a test's extension runs, as a user would name it in wave.cliPath: a small
// executable that starts the real CLI from source (the dev launcher) with the test's own
// WAVE_HOME, so sessions land in a temporary folder.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DEV_LAUNCHER = fileURLToPath(new URL('../../../code/bin/wave-dev.mjs', import.meta.url));

export interface WaveLauncher {
  /** The executable to put in wave.cliPath. */
  readonly path: string;
  readonly waveHome: string;
  readonly workdir: string;
  remove(): void;
}

export function waveLauncher(): WaveLauncher {
  const root = mkdtempSync(join(tmpdir(), 'wave-vscode-test-'));
  const waveHome = join(root, 'home');
  const workdir = mkdtempSync(join(root, 'work-'));
  const path = join(root, 'wave');
  writeFileSync(
    path,
    `#!/bin/sh\nunset INIT_CWD\nWAVE_HOME='${waveHome}' exec '${process.execPath}' --conditions=@wave-agent/source '${DEV_LAUNCHER}' "$@"\n`,
  );
  chmodSync(path, 0o755);
  return { path, waveHome, workdir, remove: () => rmSync(root, { recursive: true, force: true }) };
}
