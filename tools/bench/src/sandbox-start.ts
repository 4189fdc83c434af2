// Issue 25: what the sandbox adds to starting one command. The same `bash -c true` through the
// spawn wrapper outside the sandbox and inside it (bubblewrap: namespaces, mounts), alternated
// in one process so both see the same machine; the difference of the medians is the cost.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandSandbox, UNSANDBOXED } from '@wave-agent/agent-sdk';
import type { CommandLauncher } from '@wave-agent/agent-sdk';

export interface SandboxStartFigures {
  readonly plainMs: number;
  readonly sandboxedMs: number;
  readonly addedMs: number;
  readonly runs: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Milliseconds from spawn to exit of one `bash -c true`. */
function timeOne(launcher: CommandLauncher, cwd: string): Promise<number> {
  const started = performance.now();
  const child = launcher.spawn('bash', ['-c', 'true'], { cwd, stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(performance.now() - started)
        : reject(new Error(`the command exited with ${code}`)),
    );
  });
}

export async function benchSandboxStart(runs: number): Promise<SandboxStartFigures> {
  const workdir = mkdtempSync(join(tmpdir(), 'wave-bench-sandbox-'));
  const sandbox = new CommandSandbox({
    settings: { enabled: true },
    workdir,
    waveHome: join(workdir, '.wave-home'),
  });
  try {
    const sandboxed = await sandbox.launcher();
    if (!sandboxed.sandboxed)
      throw new Error(sandbox.status.problem ?? 'The sandbox cannot run here.');
    // Warm-up: the first spawns pay for loading bash and bwrap from disk.
    for (let i = 0; i < 5; i++) {
      await timeOne(UNSANDBOXED, workdir);
      await timeOne(sandboxed, workdir);
    }
    const plain: number[] = [];
    const inside: number[] = [];
    for (let i = 0; i < runs; i++) {
      plain.push(await timeOne(UNSANDBOXED, workdir));
      inside.push(await timeOne(sandboxed, workdir));
    }
    const plainMs = median(plain);
    const sandboxedMs = median(inside);
    return { plainMs, sandboxedMs, addedMs: sandboxedMs - plainMs, runs };
  } finally {
    sandbox.close();
    rmSync(workdir, { recursive: true, force: true });
  }
}
