// The peers the bench measures Wave beside (Claude Code, Codex) are npm packages installed on
// demand, by npm itself, into a cache outside the checkout: never a dependency of the project,
// never in its lockfile. Pinned versions, so a run compares with the same peer every time.
// BENCH_PEERS=none skips them (offline); BENCH_PEERS_DIR moves the cache.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
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
 * The folder holding `node_modules/<name>` of the pinned version, installed first when missing.
 * A failure (offline, registry down) is a sentence, not an exception: the rows go without it.
 */
export function installPeer(peer: PeerPackage, env: NodeJS.ProcessEnv = process.env): PeerInstall {
  const safeName = peer.name.replace(/[^a-z0-9.-]+/gi, '+');
  const dir = join(cacheRoot(env), `${safeName}@${peer.version}`);
  const marker = join(dir, 'node_modules', peer.name, 'package.json');
  if (existsSync(marker)) return { ok: true, dir };
  mkdirSync(dir, { recursive: true });
  console.log(`  installing ${peer.name}@${peer.version} into ${dir} (once)…`);
  try {
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        dir,
        '--no-audit',
        '--no-fund',
        '--no-package-lock',
        '--loglevel=error',
        `${peer.name}@${peer.version}`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], timeout: INSTALL_TIMEOUT_MS },
    );
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { ok: false, reason: `npm could not install ${peer.name}@${peer.version}: ${detail}` };
  }
  return existsSync(marker)
    ? { ok: true, dir }
    : { ok: false, reason: `npm installed no ${peer.name} into ${dir}` };
}
