// A real `wave --stdio` child with a clean environment. Its stdout is counted byte by byte on the
// way to the JSON-RPC reader, so tests can measure what the bridge writes. Every wait is bounded.
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { bridgeCommand } from './bridge-command.js';

const INHERITED_NOISE = /^(WAVE_|ANTHROPIC_|OPENAI_|INIT_CWD$|npm_|NODE_OPTIONS$)/;

export interface BridgeProcess {
  readonly child: ChildProcessWithoutNullStreams;
  /** What the JSON-RPC reader reads: the child's stdout, after counting. */
  readonly stdout: PassThrough;
  /** Bytes the child has written on stdout so far. */
  stdoutBytes(): number;
  stderr(): string;
  /** Closes stdin (the host leaves) and resolves with the exit code. */
  disconnect(timeoutMs?: number): Promise<number>;
  kill(): void;
}

export function startBridgeProcess(options: { waveHome: string; cwd: string }): BridgeProcess {
  const command = bridgeCommand();
  console.log(command.description);
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !INHERITED_NOISE.test(key)) env[key] = value;
  }
  const child = spawn(process.execPath, [...command.args], {
    cwd: options.cwd,
    env: { ...env, WAVE_HOME: options.waveHome, WAVE_MAX_RETRIES: '0' },
    stdio: 'pipe',
  });
  let bytes = 0;
  let stderr = '';
  const stdout = new PassThrough();
  child.stdout.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    stdout.write(chunk);
  });
  child.stdout.on('end', () => stdout.end());
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exit = new Promise<number>((resolve) => child.once('close', (code) => resolve(code ?? -1)));
  return {
    child,
    stdout,
    stdoutBytes: () => bytes,
    stderr: () => stderr,
    async disconnect(timeoutMs = 10_000) {
      child.stdin.end();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new Error(
                `wave --stdio did not exit within ${timeoutMs} ms.\n${stderr.slice(-2000)}`,
              ),
            ),
          timeoutMs,
        );
      });
      return Promise.race([exit, late]).finally(() => clearTimeout(timer));
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
