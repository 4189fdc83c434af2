// .ci/run on a machine that lacks every Debian package the tests need: it installs each through
// one function, every apt call bounded by `timeout`, through `sudo -n` only when not root, and
// fetches the package lists once. apt, sudo, dpkg and npx are stand-ins that write what they were
// asked into a log; the script itself is the real one, run by bash.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const script = resolve(dirname(fileURLToPath(import.meta.url)), '../../../.ci/run');

let bin: string;
let log: string;

function stub(name: string, body: string): void {
  const path = join(bin, name);
  writeFileSync(path, `#!/bin/bash\necho "${name} $*" >> "$CI_LOG"\n${body}\n`);
  chmodSync(path, 0o755);
}

beforeEach(() => {
  bin = mkdtempSync(join(tmpdir(), 'wave-ci-run-'));
  log = join(bin, 'calls.log');
  symlinkSync(
    execFileSync('/bin/bash', ['-c', 'command -v dirname'], { encoding: 'utf8' }).trim(),
    join(bin, 'dirname'),
  );
  stub('timeout', 'shift; exec "$@"');
  stub('sudo', 'shift; exec "$@"');
  stub('apt-get', 'echo "  DEBIAN_FRONTEND=${DEBIAN_FRONTEND:-}" >> "$CI_LOG"');
  stub('dpkg', 'exit 1');
  stub('npx', 'exit 0');
});

afterEach(() => rmSync(bin, { recursive: true, force: true }));

/** The calls .ci/run made, with only the stand-ins on PATH (no tmux, no bwrap, no chromium). */
function runAs(uid: number): string[] {
  writeFileSync(join(bin, 'id'), `#!/bin/bash\necho ${uid}\n`);
  chmodSync(join(bin, 'id'), 0o755);
  execFileSync('/bin/bash', [script], {
    env: { PATH: bin, CI_LOG: log, WAVE_CHROMIUM_PATH: join(bin, 'no-chromium') },
    stdio: 'pipe',
  });
  return readFileSync(log, 'utf8').trimEnd().split('\n');
}

const INSTALL = 'install -y -qq --no-install-recommends';

/** What one bounded apt call logs: timeout, then sudo -n when not root, then apt-get. */
function aptCall(args: string, asRoot: boolean, frontend: string): string[] {
  const sudo = asRoot ? [] : [`sudo -n apt-get ${args}`];
  const prefix = asRoot ? '' : 'sudo -n ';
  return [
    `timeout 600 ${prefix}apt-get ${args}`,
    ...sudo,
    `apt-get ${args}`,
    `  DEBIAN_FRONTEND=${frontend}`,
  ];
}

function expectedCalls(asRoot: boolean): string[] {
  const install = (packages: string) => aptCall(`${INSTALL} ${packages}`, asRoot, 'noninteractive');
  return [
    ...aptCall('update -qq', asRoot, ''),
    ...install('chromium'),
    ...install('tmux'),
    ...install('bubblewrap'),
    'dpkg -s libkrb5-dev',
    ...install('libkrb5-dev build-essential python3'),
    'npx --yes pnpm@12.4.2 install --frozen-lockfile',
    'npx --yes pnpm@12.4.2 test',
  ];
}

describe('.ci/run', () => {
  it('installs what is missing through sudo -n when not root, every apt call bounded, the lists fetched once', () => {
    expect(runAs(1000)).toEqual(expectedCalls(false));
  });

  it('calls apt directly as root', () => {
    expect(runAs(0)).toEqual(expectedCalls(true));
  });
});
