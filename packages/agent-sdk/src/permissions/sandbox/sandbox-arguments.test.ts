// The policy as bubblewrap's mounts and macOS's profile: order matters (later mounts cover
// earlier ones), so it is checked here; sandbox.agent.test.ts proves it holds under real bwrap.
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bwrapArguments } from './bwrap-arguments.js';
import { sandboxDenialReason } from './sandbox-denial.js';
import { sandboxLayout } from './sandbox-layout.js';
import { probeSandbox } from './sandbox-probe.js';
import { seatbeltProfile } from './seatbelt-profile.js';

let root: string | undefined;
afterEach(() => {
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

function places() {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'wave-sandbox-args-')));
  const home = join(root, 'home');
  for (const folder of ['.ssh', '.config/project', '.wave', 'tmp'])
    mkdirSync(join(home, folder), { recursive: true });
  writeFileSync(join(home, '.netrc'), 'machine x password y');
  return { home, tempFolder: join(home, 'tmp'), waveHome: join(home, '.wave') };
}

describe("bubblewrap's arguments", () => {
  it('a work folder in the home folder: its credential folders are covered after it is bound', () => {
    const { home, tempFolder, waveHome } = places();
    const args = bwrapArguments(
      sandboxLayout({ enabled: true }, { workdir: home, tempFolder, waveHome, home }),
    );
    expect(args.slice(0, 9)).toEqual([
      '--die-with-parent',
      '--unshare-all',
      '--ro-bind',
      '/',
      '/',
      '--dev',
      '/dev',
      '--proc',
      '/proc',
    ]);
    const bindWork = args.findIndex((arg, i) => arg === '--bind' && args[i + 1] === home);
    const coverSsh = args.findIndex(
      (arg, i) => arg === '--tmpfs' && args[i + 1] === join(home, '.ssh'),
    );
    expect(bindWork).toBeGreaterThan(0);
    expect(coverSsh).toBeGreaterThan(bindWork);
    // A file is covered by an empty one.
    expect(args.join(' ')).toContain(`--ro-bind /dev/null ${join(home, '.netrc')}`);
    expect(args).not.toContain('--share-net');
  });

  it('a work folder inside a credential folder is bound back over the cover', () => {
    const { home, tempFolder, waveHome } = places();
    const workdir = join(home, '.config', 'project');
    const args = bwrapArguments(
      sandboxLayout({ enabled: true }, { workdir, tempFolder, waveHome, home }),
    );
    const cover = args.findIndex(
      (arg, i) => arg === '--tmpfs' && args[i + 1] === join(home, '.config'),
    );
    const bind = args.findIndex((arg, i) => arg === '--bind' && args[i + 1] === workdir);
    expect(cover).toBeGreaterThan(0);
    expect(bind).toBeGreaterThan(cover);
  });

  it('allowRead shows a credential path again, network shares the network, allowWrite binds writable', () => {
    const { home, tempFolder, waveHome } = places();
    const layout = sandboxLayout(
      { enabled: true, network: true, allowRead: ['~/.ssh'], allowWrite: ['~/.config'] },
      { workdir: join(home, '..', 'elsewhere'), tempFolder, waveHome, home },
    );
    expect(layout.hidden.map((hidden) => hidden.path)).not.toContain(join(home, '.ssh'));
    const args = bwrapArguments(layout);
    expect(args).toContain('--share-net');
    expect(args.join(' ')).toContain(`--bind ${join(home, '.config')} ${join(home, '.config')}`);
  });
});

describe('the macOS profile', () => {
  it('denies writes but to the writable folders, reads of credentials, and the network', () => {
    const { home, tempFolder, waveHome } = places();
    const profile = seatbeltProfile(
      sandboxLayout({ enabled: true }, { workdir: join(home, 'tmp'), tempFolder, waveHome, home }),
    );
    expect(profile).toContain('(deny file-write*)');
    expect(profile).toContain(`(allow file-write* (subpath "${tempFolder}")`);
    expect(profile).toContain(`(deny file-read* (subpath "${join(home, '.ssh')}"))`);
    expect(profile).toContain('(deny network*)');
    // What decides permissions later, even absent: a path rule needs no mount point.
    expect(profile).toContain(`(deny file-write* (subpath "${join(home, 'tmp', '.git')}"))`);
    expect(profile).toContain(`(deny file-write* (subpath "${join(home, 'tmp', '.claude')}"))`);
  });
});

describe('a sandbox denial', () => {
  it('is recognised from the output, the network only while it is cut', () => {
    expect(sandboxDenialReason('bash: /etc/x: Read-only file system', false)).toMatch(
      /write outside/,
    );
    expect(sandboxDenialReason('TypeError: fetch failed', false)).toMatch(/network/);
    expect(sandboxDenialReason('TypeError: fetch failed', true)).toBeUndefined();
    expect(sandboxDenialReason('error TS2322: Type string is not number', false)).toBeUndefined();
  });
});

describe('the probe', () => {
  it('says what to install when bwrap is not on PATH, and that Windows has no sandbox', async () => {
    expect(await probeSandbox('linux', { PATH: '/nonexistent' })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(
        /not installed.*sudo apt-get install bubblewrap.*--no-sandbox/,
      ),
    });
    expect(await probeSandbox('win32', {})).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/no sandbox for Windows.*WSL/),
    });
    expect(await probeSandbox('linux', process.env)).toMatchObject({ ok: true, program: 'bwrap' });
  });

  it('names the kernel setting when bwrap cannot create namespaces', async () => {
    // A stand-in for bwrap on a machine that forbids unprivileged namespaces (this one allows
    // them): it answers the probe the way bwrap does there.
    root = mkdtempSync(join(tmpdir(), 'wave-sandbox-probe-'));
    const fake = join(root, 'bwrap');
    writeFileSync(
      fake,
      '#!/bin/sh\necho "bwrap: No permissions to create new namespace, likely because the kernel does not allow non-privileged user namespaces." >&2\nexit 1\n',
    );
    chmodSync(fake, 0o755);
    expect(await probeSandbox('linux', { PATH: root })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(
        /cannot create namespaces here \(No permissions to create new namespace.*kernel\.unprivileged_userns_clone=1.*apparmor_restrict_unprivileged_userns=0/,
      ),
    });
  });
});
