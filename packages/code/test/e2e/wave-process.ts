// Runs the real `wave` (the dev launcher, from source) as a child process with a clean,
// controlled environment: no CI variables, no model configuration from the machine, its own
// WAVE_HOME. Every wait is bounded.
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildLaunch } from '../../src/test-support/storage-faults.js';

export const LAUNCHER = fileURLToPath(new URL('../../bin/wave-dev.mjs', import.meta.url));
export const NODE_ARGS = ['--conditions=@wave-agent/source', LAUNCHER];

/**
 * Variables from the machine that would change what wave does (model choice, CI rendering);
 * the suites' sandbox default (WAVE_SANDBOX_DEFAULT, vitest.shared.ts) is passed on.
 */
const INHERITED_NOISE =
  /^(WAVE_(?!SANDBOX_DEFAULT$)|ANTHROPIC_|OPENAI_|CLAUDE_|CI$|CONTINUOUS_INTEGRATION$|BUILD_NUMBER$|RUN_ID$|GITHUB_|INIT_CWD$|npm_|FORCE_COLOR$|NO_COLOR$)/;

/**
 * The machine's environment less what would change what wave does. The user's real ~/.claude is
 * never read: Claude Code's folder is one that does not exist unless the test gives its own
 * (`CLAUDE_CONFIG_DIR`, or a temporary HOME with `CLAUDE_CONFIG_DIR: ''`).
 */
export function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !INHERITED_NOISE.test(key)) env[key] = value;
  }
  const noClaudeHome = join(extra['WAVE_HOME'] ?? tmpdir(), 'no-claude-home');
  return { ...env, CLAUDE_CONFIG_DIR: noClaudeHome, ...extra };
}

/** A temporary directory removed by the returned function. */
export function tempDir(prefix: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), `wave-e2e-${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** A loopback port nothing listens on (it was just bound and released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

export interface WaveChild {
  readonly child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  /** Resolves when stdout satisfies the test; rejects after timeoutMs with what was seen. */
  waitForStdout(test: (stdout: string) => boolean, timeoutMs?: number): Promise<string>;
  /** The exit code (128 + n for signal n); rejects after timeoutMs and kills the child. */
  exited(timeoutMs?: number): Promise<number>;
}

export interface SpawnOptions {
  readonly env: Record<string, string>;
  readonly cwd: string;
  /** Written to stdin, which is then closed; stdin is closed empty when absent. */
  readonly stdin?: string;
  /** A command in front of node, node flags, the user to run as (storage-faults.ts). */
  readonly launch?: ChildLaunch;
}

const SIGNAL_NUMBERS: Record<string, number> = { SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };

export function spawnWave(args: readonly string[], options: SpawnOptions): WaveChild {
  const launch = options.launch ?? {};
  const [command = process.execPath, ...prefix] = [...(launch.via ?? []), process.execPath];
  const child = spawn(command, [...prefix, ...(launch.nodeArgs ?? []), ...NODE_ARGS, ...args], {
    cwd: options.cwd,
    env: { ...options.env, ...launch.env },
    stdio: 'pipe',
  });
  let stdout = '';
  let stderr = '';
  const stdoutListeners = new Set<() => void>();
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    for (const listener of stdoutListeners) listener();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.end(options.stdin ?? '');
  const exit = new Promise<number>((resolve) => {
    child.once('close', (code, signal) =>
      resolve(code ?? 128 + (SIGNAL_NUMBERS[signal ?? ''] ?? 0)),
    );
  });
  const describe = () =>
    `stdout so far:\n${stdout.slice(-2000)}\nstderr so far:\n${stderr.slice(-2000)}`;

  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    waitForStdout(test, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!test(stdout)) return;
          cleanup();
          resolve(stdout);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(
              `wave's stdout did not show what the test waits for within ${timeoutMs} ms.\n${describe()}`,
            ),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          stdoutListeners.delete(check);
        };
        stdoutListeners.add(check);
        check();
      });
    },
    exited(timeoutMs = 15_000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          child.kill('SIGKILL');
          reject(new Error(`wave did not exit within ${timeoutMs} ms.\n${describe()}`));
        }, timeoutMs);
      });
      return Promise.race([exit, timeout]).finally(() => clearTimeout(timer));
    },
  };
}

export interface WaveRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export async function runWave(args: readonly string[], options: SpawnOptions): Promise<WaveRun> {
  const wave = spawnWave(args, options);
  const code = await wave.exited();
  return { code, stdout: wave.stdout(), stderr: wave.stderr() };
}
