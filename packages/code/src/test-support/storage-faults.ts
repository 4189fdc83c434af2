// Storage faults for a child `wave`, made honestly and without privileges, so the tests meet
// them the way a user does (no fake file system, no monkey-patched fs):
// - a WAVE_HOME the child cannot write: the folder is mode 0555, and when the tests run as
//   root (whose CAP_DAC_OVERRIDE ignores modes) the child runs without that one capability
//   (util-linux's setpriv drops it from its bounding set). It stays the same user, so it still
//   reaches the checkout wherever that lives (a private home folder, a `mktemp -d`); running it
//   as `nobody` instead failed there, since nobody could not enter the checkout;
// - a disk that fills up: the child runs under a file-size limit (RLIMIT_FSIZE, `ulimit -f`),
//   so a write past it is cut short and then fails with EFBIG, as on a full disk (Node ignores
//   SIGXFSZ). A small tmpfs would give ENOSPC, but mounting one needs root;
// - a file system that hangs: a preload, told by a signal, opens FIFOs that nobody ever writes,
//   one per libuv worker thread, so every asynchronous file operation waits forever, as on a
//   hung mount.
// (Test-only; excluded from the build.)
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** How to start the child: a command in front of node, node flags, environment. */
export interface ChildLaunch {
  /** Runs node through this command (e.g. a shell that sets a limit, then `exec "$@"`). */
  readonly via?: readonly string[];
  /** Node flags before the launcher (e.g. a preload). */
  readonly nodeArgs?: readonly string[];
  /** Extra environment. */
  readonly env?: Readonly<Record<string, string>>;
}

/** CAP_DAC_OVERRIDE (bit 1 of the effective set): lets a process write whatever the modes say. */
function overridesModes(): boolean {
  try {
    const effective = /^CapEff:\s*([0-9a-f]+)$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return effective !== null && (BigInt(`0x${effective[1]}`) & 2n) !== 0n;
  } catch {
    return process.getuid?.() === 0;
  }
}

export interface ReadOnlyHome {
  readonly path: string;
  /** Start the child with this, so it really cannot write `path`. */
  readonly launch: ChildLaunch;
  remove(): void;
}

export function readOnlyHome(): ReadOnlyHome {
  const path = mkdtempSync(join(tmpdir(), 'wave-readonly-home-'));
  chmodSync(path, 0o555);
  return {
    path,
    launch: overridesModes() ? { via: ['setpriv', '--bounding-set=-dac_override', '--'] } : {},
    remove() {
      chmodSync(path, 0o755);
      rmSync(path, { recursive: true, force: true });
    },
  };
}

/** Every file the child writes is cut off at `kib` KiB; the write after that fails (EFBIG). */
export function fileSizeLimit(kib: number): ChildLaunch {
  // POSIX `ulimit -f` counts 512-byte blocks.
  return { via: ['/bin/sh', '-c', `ulimit -f ${kib * 2} && exec "$@"`, 'sh'] };
}

export interface StuckFileSystem {
  readonly launch: ChildLaunch;
  /** From now on, every asynchronous file operation of the child waits forever. */
  stick(child: ChildProcess): void;
  remove(): void;
}

/**
 * The child's libuv worker threads, on SIGUSR2, each block forever opening a FIFO nobody writes
 * (after start-up, which itself reads files through them).
 */
export function stuckFileSystem(): StuckFileSystem {
  const dir = mkdtempSync(join(tmpdir(), 'wave-stuck-'));
  const fifo = join(dir, 'never-written');
  const made = spawnSync('mkfifo', [fifo]);
  if (made.status !== 0) throw new Error(`mkfifo failed: ${made.stderr.toString()}`);
  const threads = 4;
  const preload = `data:text/javascript,${encodeURIComponent(
    `import { open } from 'node:fs'; process.on('SIGUSR2', () => { for (let i = 0; i < ${threads}; i++) open(${JSON.stringify(fifo)}, 'r', () => {}); });`,
  )}`;
  return {
    launch: { nodeArgs: ['--import', preload], env: { UV_THREADPOOL_SIZE: String(threads) } },
    stick: (child) => child.kill('SIGUSR2'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
