// Which `wave` the benchmark runs, as `node <args>`. BENCH_WAVE picks it: `dist` (the package
// built with tsc, `pnpm --filter @wave-agent/code... build` first) or `dev` (the source launcher
// behind `pnpm wave`, which transpiles with tsx at start-up).
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const codeDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../packages/code');

export interface WaveCommand {
  readonly label: string;
  /** Arguments to node, before wave's own. */
  readonly nodeArgs: readonly string[];
}

export function waveCommand(): WaveCommand {
  const choice = process.env.BENCH_WAVE ?? 'dist';
  if (choice === 'dev') {
    return {
      label: 'dev launcher (tsx)',
      nodeArgs: ['--conditions=@wave-agent/source', resolve(codeDir, 'bin/wave-dev.mjs')],
    };
  }
  const bin = resolve(codeDir, 'dist/bin.js');
  if (!existsSync(bin)) {
    throw new Error(`${bin} is missing: run pnpm --filter @wave-agent/code... build first.`);
  }
  return { label: 'tsc build (dist/bin.js)', nodeArgs: [bin] };
}
