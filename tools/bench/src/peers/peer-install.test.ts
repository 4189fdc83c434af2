// The peers' cache: one folder per peer version, named as npm names the package, installed once
// by npm (a stand-in `npm` on PATH here, run as a real child process), and a failed install never
// left behind looking installed.
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { installPeer, peerDir } from './peer-install.js';

const CODEX = { name: '@openai/codex', version: '0.171.0' };
let root: string | undefined;

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

interface FakeNpm {
  readonly env: NodeJS.ProcessEnv;
  readonly cache: string;
  calls(): string[];
}

/** A cache folder and an `npm` that installs the package asked for, logs each call, exits `code`. */
function fakeNpm(code: number): FakeNpm {
  root = mkdtempSync(join(tmpdir(), 'wave-bench-peer-install-'));
  const bin = join(root, 'bin');
  const log = join(root, 'npm.log');
  mkdirSync(bin);
  writeFileSync(log, '');
  writeFileSync(
    join(bin, 'npm'),
    [
      '#!/bin/sh',
      'prefix=""; spec=""',
      'while [ $# -gt 0 ]; do',
      '  case "$1" in --prefix) prefix="$2"; shift 2;; -*|install) shift;; *) spec="$1"; shift;; esac',
      'done',
      'name="${spec%@*}"',
      `echo "$spec" >> '${log}'`,
      'mkdir -p "$prefix/node_modules/$name"',
      'echo "{}" > "$prefix/node_modules/$name/package.json"',
      `exit ${code}`,
      '',
    ].join('\n'),
  );
  chmodSync(join(bin, 'npm'), 0o755);
  const cache = join(root, 'cache');
  return {
    env: { PATH: `${bin}:${process.env.PATH ?? ''}`, BENCH_PEERS_DIR: cache },
    cache,
    calls: () => readFileSync(log, 'utf8').split('\n').filter(Boolean),
  };
}

describe('installPeer', () => {
  it('installs a version once, into the one folder named as npm names it', () => {
    const npm = fakeNpm(0);
    const first = installPeer(CODEX, npm.env);
    const second = installPeer(CODEX, npm.env);
    const dir = join(npm.cache, '@openai', 'codex@0.171.0');
    expect(first).toEqual({ ok: true, dir });
    expect(second).toEqual({ ok: true, dir });
    expect(npm.calls()).toEqual(['@openai/codex@0.171.0']);
    // Nothing else in the cache: no second spelling of the folder, no staging folder left.
    expect(readdirSync(npm.cache)).toEqual(['@openai']);
    expect(readdirSync(join(npm.cache, '@openai'))).toEqual(['codex@0.171.0']);
    expect(peerDir(CODEX, npm.env)).toBe(dir);
  });

  it('says why when npm fails, and leaves nothing that a later run would take as installed', () => {
    const failing = fakeNpm(1);
    const result = installPeer(CODEX, failing.env);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(
      /^npm could not install @openai\/codex@0\.171\.0: /,
    );
    const again = installPeer(CODEX, failing.env);
    expect(again.ok).toBe(false);
    expect(failing.calls()).toHaveLength(2);
  });

  it('refuses a name or version that is not npm’s', () => {
    expect(() => peerDir({ name: '../escape', version: '1.0.0' })).toThrow(/not an npm package/);
    expect(() => peerDir({ name: 'codex', version: '1.0.0/../..' })).toThrow(/not an npm package/);
  });
});
