// The work folder's files and folders for `@` completion, as git sees them: what `.gitignore`
// leaves out is left out. In a git repository `git ls-files` lists them (exact, and fast on
// 50,000 files); elsewhere a bounded walk honours the `.gitignore` files it meets. The index is
// built on the first query and rebuilt when a query finds it older than `staleAfterMs` (that
// query is answered from the old one): nothing runs while nobody types `@`.
import { childProcess } from '../work/child-process.js';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FoundFile } from '@wave-agent/shared-protocol';
import ignore from 'ignore';
import type { Ignore } from 'ignore';
import { bestMatches } from './fuzzy-match.js';
import type { Candidate } from './fuzzy-match.js';

export interface FileIndexLimits {
  /** The most files the index holds; beyond it, answers say `incomplete`. */
  readonly maxFiles: number;
  /** How old an index may be before a query rebuilds it. */
  readonly staleAfterMs: number;
}

const FILE_INDEX_LIMITS: FileIndexLimits = { maxFiles: 200_000, staleAfterMs: 10_000 };

/** Never walked outside git: version-control internals and installed dependencies. */
const SKIPPED_FOLDERS = new Set(['.git', 'node_modules']);

interface Entry extends Candidate {
  readonly folder: boolean;
}

interface IndexSnapshot {
  readonly entries: readonly Entry[];
  readonly incomplete: boolean;
}

export interface FoundFiles {
  readonly files: readonly FoundFile[];
  readonly incomplete?: boolean;
}

/** The files git lists (tracked, and untracked ones not ignored), or undefined outside a repository. */
function gitFiles(workdir: string): Promise<string[] | undefined> {
  return new Promise((resolve) => {
    childProcess().execFile(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
      { cwd: workdir, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout) => resolve(error ? undefined : stdout.split('\0').slice(0, -1)),
    );
  });
}

interface IgnoreRules {
  /** The folder (relative, '' for the top, else ending in '/') the rules are written for. */
  readonly base: string;
  readonly rules: Ignore;
}

async function ignoreRulesIn(folder: string, base: string): Promise<IgnoreRules | undefined> {
  const text = await readFile(join(folder, '.gitignore'), 'utf8').catch(() => undefined);
  return text === undefined ? undefined : { base, rules: ignore().add(text) };
}

function ignored(rules: readonly IgnoreRules[], path: string): boolean {
  return rules.some(({ base, rules: r }) => r.ignores(path.slice(base.length)));
}

/** A walk of the folder honouring `.gitignore` files, stopping at `maxFiles`. */
async function walkedFiles(workdir: string, maxFiles: number): Promise<string[]> {
  const files: string[] = [];
  const pending: { rel: string; rules: readonly IgnoreRules[] }[] = [{ rel: '', rules: [] }];
  for (let next = 0; next < pending.length && files.length <= maxFiles; next++) {
    const visit = pending[next];
    if (visit === undefined) break;
    const { rel, rules: inherited } = visit;
    const folder = join(workdir, rel);
    const own = await ignoreRulesIn(folder, rel);
    const rules = own ? [...inherited, own] : inherited;
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const path = `${rel}${entry.name}`;
      // Links are listed, never followed: a linked folder could loop or lead outside.
      if (entry.isDirectory()) {
        if (SKIPPED_FOLDERS.has(entry.name) || ignored(rules, `${path}/`)) continue;
        pending.push({ rel: `${path}/`, rules });
      } else if (!ignored(rules, path)) {
        files.push(path);
      }
    }
  }
  return files;
}

/** Files and the folders that hold them, bounded. */
function snapshotOf(files: readonly string[], maxFiles: number): IndexSnapshot {
  const kept = files.slice(0, maxFiles);
  const folders = new Set<string>();
  for (const file of kept) {
    // Deepest folder first: once one is known, so are the folders above it.
    for (let slash = file.lastIndexOf('/'); slash > 0; slash = file.lastIndexOf('/', slash - 1)) {
      const folder = file.slice(0, slash + 1);
      if (folders.has(folder)) break;
      folders.add(folder);
    }
  }
  const entries: Entry[] = [];
  for (const folder of folders)
    entries.push({ path: folder, lower: folder.toLowerCase(), folder: true });
  for (const file of kept) entries.push({ path: file, lower: file.toLowerCase(), folder: false });
  return { entries, incomplete: files.length > maxFiles };
}

export class WorkFolderIndex {
  private current: Promise<IndexSnapshot> | undefined;
  private builtAt = 0;
  private rebuilding = false;

  constructor(
    private readonly workdir: string,
    private readonly limits: FileIndexLimits = FILE_INDEX_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The files and folders matching `query`, best first. */
  async find(query: string, limit: number): Promise<FoundFiles> {
    const { entries, incomplete } = await this.snapshot();
    const files = bestMatches(query, entries, limit).map(({ path, folder }) => ({ path, folder }));
    return incomplete ? { files, incomplete } : { files };
  }

  private snapshot(): Promise<IndexSnapshot> {
    if (this.current === undefined) {
      this.current = this.build();
      // A failed build is not kept: the next query tries again.
      this.current.catch(() => (this.current = undefined));
      return this.current;
    }
    if (!this.rebuilding && this.now() - this.builtAt > this.limits.staleAfterMs) {
      this.rebuilding = true;
      const next = this.build();
      next.then(
        () => {
          this.current = next;
          this.rebuilding = false;
        },
        () => (this.rebuilding = false),
      );
    }
    return this.current;
  }

  private async build(): Promise<IndexSnapshot> {
    const { maxFiles } = this.limits;
    const files = (await gitFiles(this.workdir)) ?? (await walkedFiles(this.workdir, maxFiles));
    this.builtAt = this.now();
    return snapshotOf(files, maxFiles);
  }
}
