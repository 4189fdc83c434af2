// Which `wave` the benchmark runs, as `node <args>`. BENCH_WAVE picks it: `bundle` (default: the
// published bin, bundled afresh by packages/code/scripts/bundle.mjs into a temporary folder laid
// out as the package's dist, with the chat UI `wave web` serves beside it),
// `dist` (the package built with tsc: `pnpm --filter @wave-agent/code... build` first) or `dev`
// (the source launcher behind `pnpm wave`, which transpiles with tsx at start-up).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const codeDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../packages/code');

export interface WaveCommand {
  readonly label: string;
  /** Arguments to node, before wave's own. */
  readonly nodeArgs: readonly string[];
  /** Removes what was made for it. */
  dispose(): void;
}

export function waveCommand(): WaveCommand {
  const choice = process.env.BENCH_WAVE ?? 'bundle';
  if (choice === 'dev') {
    return {
      label: 'dev launcher (tsx)',
      nodeArgs: ['--conditions=@wave-agent/source', resolve(codeDir, 'bin/wave-dev.mjs')],
      dispose: () => undefined,
    };
  }
  if (choice === 'dist') {
    const bin = resolve(codeDir, 'dist/bin.js');
    if (!existsSync(bin)) {
      throw new Error(`${bin} is missing: run pnpm --filter @wave-agent/code... build first.`);
    }
    return { label: 'tsc build (dist/bin.js)', nodeArgs: [bin], dispose: () => undefined };
  }
  const outdir = mkdtempSync(join(tmpdir(), 'wave-bench-bundle-'));
  const run = (script: string, ...args: string[]) =>
    execFileSync(process.execPath, [join(codeDir, script), ...args], { stdio: 'inherit' });
  run('scripts/bundle.mjs', join(outdir, 'bundle'));
  // The chat UI beside it, built first when it is missing or older than its sources.
  run('bin/ensure-web-ui.mjs');
  run('scripts/copy-webview-ui.mjs', join(outdir, 'webview-ui'));
  return {
    label: 'the published bin (esbuild bundle)',
    nodeArgs: [join(outdir, 'bundle', 'wave.js')],
    dispose: () => rmSync(outdir, { recursive: true, force: true }),
  };
}

/**
 * Other builds of wave measured on every issue-12 row beside this one, in the same run:
 * BENCH_COMPARE, a comma-separated list of their wave.js (e.g. a bundle of an older commit, to
 * compare before and after a change).
 */
export function comparedCommands(env: NodeJS.ProcessEnv = process.env): WaveCommand[] {
  const list = env.BENCH_COMPARE?.split(',').filter((path) => path.trim() !== '') ?? [];
  return list.map((path) => {
    const bin = resolve(path.trim());
    if (!existsSync(bin)) throw new Error(`BENCH_COMPARE names ${bin}, which does not exist.`);
    return { label: bin, nodeArgs: [bin], dispose: () => undefined };
  });
}
