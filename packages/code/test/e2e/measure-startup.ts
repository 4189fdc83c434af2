// Measures how long `wave` takes from launch to an interactive prompt, in a real pseudo-terminal:
// the time from spawning the process to the first output that contains the prompt's placeholder.
// Run: pnpm --filter @wave-agent/code measure:startup   (build first for the "built" row:
// pnpm --filter @wave-agent/code build). Uses the offline demo model, so no network is involved.
// MEASURE_BINS=a/wave.js,b/wave.js measures those builds instead (e.g. two bundles, the published
// bin's before and after), alternated run by run so a loaded machine weighs on both alike.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from '@lydell/node-pty';
import { cleanEnv, NODE_ARGS } from './wave-process.js';
import { PROMPT_READY } from './wave-terminal.js';

const RUNS = Number(process.env.RUNS ?? 7);
const TIMEOUT_MS = 30_000;
const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const repoRoot = join(packageDir, '..', '..');
const builtBin = join(packageDir, 'dist', 'bin.js');

interface Variant {
  readonly name: string;
  readonly file: string;
  readonly args: readonly string[];
  readonly cwd: string;
}

function timeToPrompt(variant: Variant, env: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const pty = spawn(variant.file, [...variant.args], {
      name: 'xterm-256color',
      cols: 100,
      rows: 30,
      cwd: variant.cwd,
      env,
    });
    let output = '';
    const timer = setTimeout(() => {
      pty.kill('SIGKILL');
      reject(
        new Error(
          `${variant.name}: no prompt within ${TIMEOUT_MS} ms. Output:\n${output.slice(-2000)}`,
        ),
      );
    }, TIMEOUT_MS);
    pty.onData((data) => {
      output += data;
      if (!output.includes(PROMPT_READY)) return;
      clearTimeout(timer);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      pty.kill('SIGKILL');
      resolve(ms);
    });
    pty.onExit(({ exitCode }) => {
      clearTimeout(timer);
      if (!output.includes(PROMPT_READY))
        reject(new Error(`${variant.name} exited (${exitCode}) before the prompt:\n${output}`));
    });
  });
}

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `median ${median.toFixed(0)} ms (min ${sorted[0]!.toFixed(0)}, max ${sorted.at(-1)!.toFixed(0)}, ${sorted.length} runs)`;
}

const waveHome = mkdtempSync(join(tmpdir(), 'wave-startup-'));
try {
  const env = cleanEnv({ TERM: 'xterm-256color', WAVE_HOME: waveHome });
  const compared = (process.env.MEASURE_BINS ?? '').split(',').filter((bin) => bin !== '');
  if (compared.length > 0) {
    const builds = compared.map((bin) => ({
      name: bin,
      file: process.execPath,
      args: [bin],
      cwd: waveHome,
    }));
    const times = builds.map((): number[] => []);
    for (const build of builds) await timeToPrompt(build, env); // warm-up
    for (let run = 0; run < RUNS; run++)
      for (const [i, build] of builds.entries()) times[i]?.push(await timeToPrompt(build, env));
    builds.forEach((build, i) => console.log(`${build.name}: ${summary(times[i] ?? [])}`));
  }
  const variants: Variant[] =
    compared.length > 0
      ? []
      : [
          {
            name: 'built   (node dist/bin.js)',
            file: process.execPath,
            args: [builtBin],
            cwd: waveHome,
          },
          {
            name: 'dev     (node --conditions=… bin/wave-dev.mjs)',
            file: process.execPath,
            args: NODE_ARGS,
            cwd: waveHome,
          },
          {
            name: 'pnpm wave (from the repo root)',
            file: 'pnpm',
            args: ['--silent', 'wave'],
            cwd: repoRoot,
          },
        ];
  for (const variant of variants) {
    if (variant.args[0] === builtBin && !existsSync(builtBin)) {
      console.log(
        `${variant.name}: skipped, ${builtBin} is missing (run pnpm --filter @wave-agent/code build)`,
      );
      continue;
    }
    await timeToPrompt(variant, env); // warm-up: file cache, tsx's compile cache
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) times.push(await timeToPrompt(variant, env));
    console.log(`${variant.name}: ${summary(times)}`);
  }
} finally {
  rmSync(waveHome, { recursive: true, force: true });
}
