// `wave web` as a user runs it from a checkout (the dev launcher, from source, which builds the
// UI when it is stale), in its own folder and WAVE_HOME, talking to tools/mock-llm. Every wait
// is bounded; stop() sends Ctrl+C's signal and waits for a clean exit.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const WAVE_LAUNCHER = fileURLToPath(
  new URL('../../../code/bin/wave-dev.mjs', import.meta.url),
);

/** Variables of this machine that would change what wave does. */
const NOISE =
  /^(WAVE_(?!SANDBOX_DEFAULT$)|ANTHROPIC_|OPENAI_|CI$|CONTINUOUS_INTEGRATION$|GITHUB_|INIT_CWD$|npm_|FORCE_COLOR$|NO_COLOR$)/;

export interface WaveWeb {
  /** The address it printed. */
  readonly url: string;
  readonly workdir: string;
  readonly waveHome: string;
  readonly child: ChildProcess;
  stderr(): string;
  /** SIGINT (Ctrl+C), then the exit code; kills it if it does not stop in time. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Stops it (if running) and removes its folders. */
  dispose(): Promise<void>;
}

export interface WaveWebOptions {
  /** tools/mock-llm's address (OpenAI wire). */
  readonly llmUrl: string;
  /** The folder it serves; default a new empty one. */
  readonly workdir?: string;
  readonly waveHome?: string;
  readonly env?: Record<string, string>;
  readonly args?: readonly string[];
  /** Node's arguments that start wave (default: the dev launcher, from source). */
  readonly waveNodeArgs?: readonly string[];
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `wave-web-${prefix}-`));
}

function waitFor<T>(
  check: () => T | undefined,
  what: string,
  timeoutMs: number,
  describe: () => string,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      const value = check();
      if (value !== undefined) {
        clearInterval(timer);
        resolve(value);
      } else if (Date.now() - started > timeoutMs) {
        clearInterval(timer);
        reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}. ${describe()}`));
      }
    }, 25);
  });
}

export async function startWaveWeb(options: WaveWebOptions): Promise<WaveWeb> {
  const workdir = options.workdir ?? tempDir('work');
  const waveHome = options.waveHome ?? tempDir('home');
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env))
    if (value !== undefined && !NOISE.test(key)) env[key] = value;
  Object.assign(env, {
    WAVE_HOME: waveHome,
    WAVE_PROVIDER: 'openai',
    WAVE_BASE_URL: `${options.llmUrl}/v1`,
    WAVE_API_KEY: 'test-key',
    WAVE_MODEL: 'mock-model',
    WAVE_MAX_RETRIES: '0',
    ...options.env,
  });
  const wave = options.waveNodeArgs ?? ['--conditions=@wave-agent/source', WAVE_LAUNCHER];
  const child = spawn(process.execPath, [...wave, 'web', '--no-open', ...(options.args ?? [])], {
    cwd: workdir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let exitCode: number | null | undefined;
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      exitCode = code ?? (signal ? null : code);
      resolve(exitCode);
    }),
  );
  const describe = () =>
    `stdout: ${JSON.stringify(stdout)} stderr: ${JSON.stringify(stderr.slice(-2000))}`;
  let url: string;
  try {
    url = await waitFor(
      () => (exitCode !== undefined ? '' : /^(http:\/\/\S+)$/m.exec(stdout)?.[1]),
      'wave web to print its address',
      60_000,
      describe,
    );
    if (url === '') throw new Error(`wave web exited before serving. ${describe()}`);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const stop = async (signal: NodeJS.Signals = 'SIGINT'): Promise<number | null> => {
    if (exitCode !== undefined) return exitCode;
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    url,
    workdir,
    waveHome,
    child,
    stderr: () => stderr,
    stop,
    async dispose() {
      await stop();
      if (!options.workdir) rmSync(workdir, { recursive: true, force: true });
      if (!options.waveHome) rmSync(waveHome, { recursive: true, force: true });
    },
  };
}
