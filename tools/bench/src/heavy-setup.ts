// Issue 44's heavy setup (BENCH_ONLY=heavy-setup): `wave -p` from start to its answer, with the
// setup of heavy-setup-files.ts beside the same run with an empty home, alternated so both see the
// same load; and the first request's size, which carries what the setup adds to every request
// (memory, the lists of skills, agents and commands, MCP tool schemas). CPU and peak RSS come from
// getrusage at exit (peers/report-usage.mjs), wall time from spawn to exit. The never-answering
// MCP server is part of the setup on purpose: what it costs the first answer is the figure.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { start as startMockLlm } from '@wave-agent/mock-llm';
import type { RecordedRequest } from '@wave-agent/mock-llm';
import { benchEnv } from './bench-env.js';
import { median } from './headless.js';
import { HEAVY, serverConfig, writeHeavySetup } from './heavy-setup-files.js';
import type { WaveCommand } from './wave-command.js';

const reportUsage = pathToFileURL(
  join(resolve(dirname(fileURLToPath(import.meta.url)), 'peers'), 'report-usage.mjs'),
).href;

const ANSWER = 'Ready when you are.';

export interface PrintRun {
  readonly wallMs: number;
  readonly cpuSeconds: number;
  readonly maxRssMiB: number;
  /** The first model request's JSON body, in bytes. */
  readonly requestBytes: number;
  /** Tools offered in that request. */
  readonly tools: number;
}

export interface HeavySetupFigures {
  readonly bare: PrintRun;
  readonly heavy: PrintRun;
}

interface Home {
  readonly home: string;
  readonly waveHome: string;
  readonly work: string;
}

function makeHome(root: string, name: string): Home {
  const home = join(root, name);
  const waveHome = join(home, '.wave');
  const work = join(home, 'work');
  mkdirSync(work, { recursive: true });
  mkdirSync(waveHome, { recursive: true });
  return { home, waveHome, work };
}

function envFor(at: Home, mockUrl: string, extra: Record<string, string> = {}) {
  return benchEnv({ mockUrl, home: at.waveHome, extra: { HOME: at.home, ...extra } });
}

/** Installs the setup as a user does: files in ~/.claude, `wave plugin install`, `wave mcp add-json`. */
function installHeavySetup(at: Home, wave: WaveCommand, mockUrl: string): void {
  const { marketplace, serverScript } = writeHeavySetup(at.home);
  const run = (...args: string[]) =>
    execFileSync(process.execPath, [...wave.nodeArgs, ...args], {
      cwd: at.work,
      env: envFor(at, mockUrl),
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 60_000,
    });
  run('plugin', 'marketplace', 'add', marketplace);
  for (let i = 0; i < HEAVY.plugins; i++) {
    run('plugin', 'install', `plugin-${String(i).padStart(3, '0')}@bench-market`);
  }
  for (let i = 0; i < HEAVY.mcpServers; i++) {
    const { name, json } = serverConfig(serverScript, i);
    run('mcp', 'add-json', '-s', 'user', name, json);
  }
}

function requestFacts(request: RecordedRequest | undefined): { bytes: number; tools: number } {
  if (!request) throw new Error('wave -p made no model request.');
  const tools: unknown = Reflect.get(Object(request.body), 'tools');
  return {
    bytes: Buffer.byteLength(JSON.stringify(request.body)),
    tools: Array.isArray(tools) ? tools.length : 0,
  };
}

function printRun(
  at: Home,
  wave: WaveCommand,
  mockUrl: string,
  requests: RecordedRequest[],
): Promise<PrintRun> {
  const usageFile = join(at.home, 'usage.json');
  const seen = requests.length;
  return new Promise<PrintRun>((resolveRun, reject) => {
    const started = performance.now();
    let stdout = '';
    let stderr = '';
    const child = spawn(
      process.execPath,
      ['--import', reportUsage, ...wave.nodeArgs, '-p', 'Say you are ready.'],
      {
        cwd: at.work,
        env: envFor(at, mockUrl, { BENCH_USAGE_FILE: usageFile }),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.stdout.setEncoding('utf8').on('data', (data: string) => (stdout += data));
    child.stderr.setEncoding('utf8').on('data', (data: string) => (stderr += data));
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      const wallMs = performance.now() - started;
      try {
        if (code !== 0 || !stdout.includes(ANSWER)) {
          throw new Error(`wave -p exited with ${code}: ${(stderr || stdout).slice(-2000)}`);
        }
        const usage: unknown = JSON.parse(readFileSync(usageFile, 'utf8'));
        const facts = requestFacts(requests[seen]);
        resolveRun({
          wallMs,
          cpuSeconds: Number(Reflect.get(Object(usage), 'cpuSeconds')),
          maxRssMiB: Number(Reflect.get(Object(usage), 'maxRssBytes')) / 1024 / 1024,
          requestBytes: facts.bytes,
          tools: facts.tools,
        });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

function medianRun(runs: readonly PrintRun[]): PrintRun {
  const of = (pick: (run: PrintRun) => number) => median(runs.map(pick));
  return {
    wallMs: of((run) => run.wallMs),
    cpuSeconds: of((run) => run.cpuSeconds),
    maxRssMiB: of((run) => run.maxRssMiB),
    requestBytes: of((run) => run.requestBytes),
    tools: of((run) => run.tools),
  };
}

export async function benchHeavySetup(wave: WaveCommand, runs: number): Promise<HeavySetupFigures> {
  const mock = await startMockLlm({
    scenario: {
      name: 'heavy-setup',
      turns: [{ match: { lastUserContains: 'ready' }, reply: [{ type: 'text', text: ANSWER }] }],
    },
  });
  const root = mkdtempSync(join(tmpdir(), 'wave-bench-heavy-'));
  try {
    const bare = makeHome(root, 'bare');
    const heavy = makeHome(root, 'heavy');
    installHeavySetup(heavy, wave, mock.url);
    const bareRuns: PrintRun[] = [];
    const heavyRuns: PrintRun[] = [];
    for (let i = 0; i < runs; i++) {
      bareRuns.push(await printRun(bare, wave, mock.url, mock.requests));
      heavyRuns.push(await printRun(heavy, wave, mock.url, mock.requests));
    }
    return { bare: medianRun(bareRuns), heavy: medianRun(heavyRuns) };
  } finally {
    await mock.close();
    rmSync(root, { recursive: true, force: true });
  }
}
