// Issue 24: `@` completion on a repository of 50,000 files. The index's first query (it lists the
// files with `git ls-files`, builds its entries and ranks them) and a query on the built index,
// beside the floor: `git ls-files` alone, run as a process in the same run. Each is the median of
// `runs`, alternated so all three see the same machine.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WorkFolderIndex } from '@wave-agent/agent-sdk';

export interface FindFilesFigures {
  readonly files: number;
  readonly floorMs: number;
  readonly coldMs: number;
  readonly warmMs: number;
  /** What the warm query answered first (a sanity check that it ranked something). */
  readonly best: string;
}

export const REPO_FILES = 50_000;
/** What a user types after `@`: letters scattered along a path deep in the tree. */
const QUERY = 'pkg7/compbut';

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** 50 packages × 20 folders × 50 files, committed, plus a few untracked and ignored ones. */
function makeRepo(): string {
  const repo = mkdtempSync(join(tmpdir(), 'wave-bench-files-'));
  const perFolder = 50;
  const folders = 20;
  const packages = REPO_FILES / (perFolder * folders);
  for (let p = 0; p < packages; p++) {
    for (let f = 0; f < folders; f++) {
      const folder = join(repo, `packages/pkg${p}/src/component-${f}`);
      mkdirSync(folder, { recursive: true });
      for (let n = 0; n < perFolder; n++)
        writeFileSync(join(folder, `button-${n}.tsx`), `export const b${n} = ${n};\n`);
    }
  }
  writeFileSync(join(repo, '.gitignore'), 'dist/\n');
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.email=b@b', '-c', 'user.name=b', ...args], {
      cwd: repo,
      stdio: 'ignore',
    });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'files');
  return repo;
}

function gitLsFilesMs(repo: string): number {
  const started = performance.now();
  execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repo,
    maxBuffer: 256 * 1024 * 1024,
  });
  return performance.now() - started;
}

export async function benchFindFiles(runs: number): Promise<FindFilesFigures> {
  const repo = makeRepo();
  try {
    const floor: number[] = [];
    const cold: number[] = [];
    const warm: number[] = [];
    let best = '';
    // Warm-up: git's index and the file system's caches, and the scorer's code.
    gitLsFilesMs(repo);
    await new WorkFolderIndex(repo).find(QUERY, 50);
    for (let i = 0; i < runs; i++) {
      floor.push(gitLsFilesMs(repo));
      const index = new WorkFolderIndex(repo);
      let started = performance.now();
      await index.find(QUERY, 50);
      cold.push(performance.now() - started);
      started = performance.now();
      const { files } = await index.find(`${QUERY}5`, 50);
      warm.push(performance.now() - started);
      best = files[0]?.path ?? '';
    }
    return {
      files: REPO_FILES,
      floorMs: median(floor),
      coldMs: median(cold),
      warmMs: median(warm),
      best,
    };
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
}
