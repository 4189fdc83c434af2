// Issue 12's headless rows: `wave -p` against the floor (peers/floor-client.mjs) and, for the
// CPU row, the AI SDK's provider alone (peers/ai-sdk-client.mjs), each run in a process of its
// own with stdout piped, interleaved (floor, wave, floor, wave, …) so all see the same load,
// medians of the runs. CPU and peak RSS come from getrusage at exit
// (peers/report-usage.mjs, preloaded into both); the time to the first byte of stdout is taken
// here, from spawn.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchEnv } from './bench-env.js';
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

export type Client = 'floor' | 'ai-sdk' | 'wave';

function argsOf(client: Client, wave: WaveCommand, mockUrl: string, prompt: string): string[] {
  if (client === 'floor') return [floorClient, mockUrl, prompt];
  if (client === 'ai-sdk') return [aiSdkClient, mockUrl, prompt];
  return [...wave.nodeArgs, '-p', prompt];
}

function runClient(
  client: Client,
  wave: WaveCommand,
  mockUrl: string,
  prompt: string,
): Promise<RunFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'wave-bench-headless-'));
  const usageFile = join(dir, 'usage.json');
  const args = argsOf(client, wave, mockUrl, prompt);
  const env = benchEnv({ mockUrl, home: dir, extra: { BENCH_USAGE_FILE: usageFile } });
  return new Promise<RunFigures>((resolveRun, reject) => {
    const started = process.hrtime.bigint();
    let firstByteMs: number | undefined;
    let stdout = '';
    let stderr = '';
    const proc = spawn(process.execPath, ['--import', reportUsage, ...args], {
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
          throw new Error(`${client} exited with ${code}: ${stderr.slice(-2000)}`);
        }
        const usage: unknown = JSON.parse(readFileSync(usageFile, 'utf8'));
        const cpuSeconds: unknown = Reflect.get(Object(usage), 'cpuSeconds');
        const maxRssBytes: unknown = Reflect.get(Object(usage), 'maxRssBytes');
        if (typeof cpuSeconds !== 'number' || typeof maxRssBytes !== 'number') {
          throw new Error(`${client} did not report its resource usage.`);
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

export type ClientFigures = Readonly<Partial<Record<Client, readonly RunFigures[]>>>;

/**
 * `runs` runs of each client, alternating, each checked to have printed `expected` in full.
 * The AI SDK reference is run only when asked for.
 */
export async function benchHeadless(
  wave: WaveCommand,
  mockUrl: string,
  prompt: string,
  expected: string,
  runs: number,
  clients: readonly Client[] = ['floor', 'wave'],
): Promise<ClientFigures> {
  const figures: Partial<Record<Client, RunFigures[]>> = {};
  for (let i = 0; i < runs; i++) {
    for (const client of clients) {
      const run = await runClient(client, wave, mockUrl, prompt);
      if (run.stdout.trimEnd() !== expected.trimEnd()) {
        throw new Error(
          `${client} printed ${run.stdout.length} characters, not the ${expected.length} of the reply.`,
        );
      }
      (figures[client] ??= []).push(run);
    }
  }
  return figures;
}
