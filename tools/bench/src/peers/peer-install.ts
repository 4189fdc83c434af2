// The peers the bench measures Wave beside (Claude Code, Codex) are npm packages installed on
// demand, by npm itself, into a cache outside the checkout: never a dependency of the project,
// never in its lockfile. Pinned versions, so a run compares with the same peer every time.
// BENCH_PEERS=none skips them (offline); BENCH_PEERS_DIR moves the cache.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface PeerPackage {
  readonly name: string;
  readonly version: string;
}

export type PeerInstall =
  { readonly ok: true; readonly dir: string } | { readonly ok: false; readonly reason: string };

const INSTALL_TIMEOUT_MS = 300_000;

function cacheRoot(env: NodeJS.ProcessEnv): string {
  return (
    env.BENCH_PEERS_DIR ?? join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'wave-bench-peers')
  );
}

/** Whether the run asked for no peers. */
export function peersSkipped(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.BENCH_PEERS === 'none';
}

/**
 * The one folder of a peer's version: `<cache>/<name>@<version>`, the npm name as it is (a scoped
 * name is a folder of its scope, as in node_modules). No renaming of the name, so there is one
 * spelling of the folder: an earlier scheme that rewrote `@` and `/` made a second install of a
 * version already in the cache under another name.
 */
export function peerDir(peer: PeerPackage, env: NodeJS.ProcessEnv = process.env): string {
  if (
    !/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i.test(peer.name) ||
    !/^[\w.+-]+$/.test(peer.version)
  )
    throw new Error(`${peer.name}@${peer.version} is not an npm package name and exact version.`);
  return join(cacheRoot(env), `${peer.name}@${peer.version}`);
}

/**
 * The folder holding `node_modules/<name>` of the pinned version, installed first when missing.
 * A failure (offline, registry down) is a sentence, not an exception: the rows go without it.
 */
export function installPeer(peer: PeerPackage, env: NodeJS.ProcessEnv = process.env): PeerInstall {
  const dir = peerDir(peer, env);
  const marker = join(dir, 'node_modules', peer.name, 'package.json');
  if (existsSync(marker)) return { ok: true, dir };
  // npm installs into a folder of its own, moved into place only once it succeeded: a failed
  // or interrupted install never leaves a folder that looks installed.
  const staging = `${dir}.installing-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  console.log(`  installing ${peer.name}@${peer.version} into ${dir} (once)…`);
  try {
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        staging,
        '--no-audit',
        '--no-fund',
        '--no-package-lock',
        '--loglevel=error',
        `${peer.name}@${peer.version}`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], timeout: INSTALL_TIMEOUT_MS, env },
    );
    if (!existsSync(join(staging, 'node_modules', peer.name, 'package.json')))
      return { ok: false, reason: `npm installed no ${peer.name} into ${staging}` };
    rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
    return { ok: true, dir };
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { ok: false, reason: `npm could not install ${peer.name}@${peer.version}: ${detail}` };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
