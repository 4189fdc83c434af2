// Issue 12's headless rows: `wave -p` against the floor (peers/floor-client.mjs) and, for the
// CPU row, the AI SDK's provider alone (peers/ai-sdk-client.mjs), and any other build of wave
// being compared, each run in a process of its own with stdout piped, interleaved (floor, wave,
// floor, wave, …) so all see the same load, medians of the runs. CPU and peak RSS come from getrusage at exit
// (peers/report-usage.mjs, preloaded into both); the time to the first byte of stdout is taken
// here, from spawn.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchEnv } from './bench-env.js';
import type { TerminalLaunch } from './terminal-program.js';
import type { WaveCommand } from './wave-command.js';

const peers = resolve(dirname(fileURLToPath(import.meta.url)), 'peers');
const floorClient = join(peers, 'floor-client.mjs');
const aiSdkClient = join(peers, 'ai-sdk-client.mjs');
const reportUsage = pathToFileURL(join(peers, 'report-usage.mjs')).href;

export interface RunFigures {
  readonly cpuSeconds: number;
  readonly maxRssMiB: number;
  readonly firstByteMs: number;
  readonly stdout: string;
}

/** A program the headless rows run: its name, and its node arguments for a prompt. */
export interface Client {
  readonly label: string;
  args(mockUrl: string, prompt: string): readonly string[];
  /**
   * A program that is not a Node script (a peer's native binary): how to start it in `home`.
   * Its CPU is what bash's `times` reports for its children; its peak RSS is not known.
   */
  launch?(mockUrl: string, home: string, prompt: string): TerminalLaunch;
}

/** Runs the command given after the usage file, then writes bash's `times` (children: line 2) there. */
const TIMES_SCRIPT = 'f="$1"; shift; "$@"; s=$?; times > "$f"; exit $s';

/** The children's user + system seconds from bash's `times` output. */
export function childrenCpuSeconds(times: string): number {
  const line = times.split('\n')[1] ?? '';
  const match = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/.exec(line.trim());
  if (!match) throw new Error(`bash's times printed no children's line: ${JSON.stringify(times)}`);
  const [, um, us, sm, ss] = match.map(Number);
  return (um ?? 0) * 60 + (us ?? 0) + (sm ?? 0) * 60 + (ss ?? 0);
}

export const FLOOR: Client = {
  label: 'floor',
  args: (mockUrl, prompt) => [floorClient, mockUrl, prompt],
};

export const AI_SDK: Client = {
  label: 'the AI SDK provider alone',
  args: (mockUrl, prompt) => [aiSdkClient, mockUrl, prompt],
};

/** `wave -p PROMPT` of a build. */
export function printMode(wave: WaveCommand): Client {
  return { label: wave.label, args: (_mockUrl, prompt) => [...wave.nodeArgs, '-p', prompt] };
}

function runClient(client: Client, mockUrl: string, prompt: string): Promise<RunFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'wave-bench-headless-'));
  const usageFile = join(dir, 'usage.json');
  const args = client.args(mockUrl, prompt);
  const env = benchEnv({ mockUrl, home: dir, extra: { BENCH_USAGE_FILE: usageFile } });
  return new Promise<RunFigures>((resolveRun, reject) => {
    const started = process.hrtime.bigint();
    let firstByteMs: number | undefined;
    let stdout = '';
    let stderr = '';
    const launch = client.launch?.(mockUrl, dir, prompt);
    const proc = launch
      ? spawn('bash', ['-c', TIMES_SCRIPT, 'bash', usageFile, launch.file, ...launch.args], {
          cwd: launch.cwd,
          env: launch.env,
          stdio: ['ignore', 'pipe', 'pipe'],
        })
      : spawn(process.execPath, ['--import', reportUsage, ...args], {
          cwd: dir,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
    proc.stdout.setEncoding('utf8').on('data', (data: string) => {
      firstByteMs ??= Number(process.hrtime.bigint() - started) / 1e6;
      stdout += data;
    });
    proc.stderr.setEncoding('utf8').on('data', (data: string) => (stderr += data));
    proc.once('error', reject);
    proc.once('close', (code) => {
      try {
        if (code !== 0 || firstByteMs === undefined) {
          throw new Error(`${client.label} exited with ${code}: ${stderr.slice(-2000)}`);
        }
        if (launch) {
          const cpu = childrenCpuSeconds(readFileSync(usageFile, 'utf8'));
          resolveRun({ cpuSeconds: cpu, maxRssMiB: Number.NaN, firstByteMs, stdout });
          return;
        }
        const usage: unknown = JSON.parse(readFileSync(usageFile, 'utf8'));
        const cpuSeconds: unknown = Reflect.get(Object(usage), 'cpuSeconds');
        const maxRssBytes: unknown = Reflect.get(Object(usage), 'maxRssBytes');
        if (typeof cpuSeconds !== 'number' || typeof maxRssBytes !== 'number') {
          throw new Error(`${client.label} did not report its resource usage.`);
        }
        resolveRun({
          cpuSeconds,
          maxRssMiB: maxRssBytes / 1024 / 1024,
          firstByteMs,
          stdout,
        });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The runs of each client, in the order they were given. */
export type ClientFigures = ReadonlyMap<Client, readonly RunFigures[]>;

/** `runs` runs of each client, alternating, each checked to have printed `expected` in full. */
export async function benchHeadless(
  clients: readonly Client[],
  mockUrl: string,
  prompt: string,
  expected: string,
  runs: number,
): Promise<ClientFigures> {
  const figures = new Map<Client, RunFigures[]>(clients.map((client) => [client, []]));
  for (let i = 0; i < runs; i++) {
    for (const client of clients) {
      const run = await runClient(client, mockUrl, prompt);
      if (run.stdout.trimEnd() !== expected.trimEnd()) {
        throw new Error(
          `${client.label} printed ${run.stdout.length} characters, not the ${expected.length} of the reply.`,
        );
      }
      figures.get(client)?.push(run);
    }
  }
  return figures;
}
