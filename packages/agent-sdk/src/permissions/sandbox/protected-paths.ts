// What decides permissions later stays read-only in the sandbox, even inside a writable folder
// (DESIGN §5): Git's folder (its config and hooks run programs on a later plain `git status`
// outside the sandbox; a worktree's `.git` pointer file and the folders it points to as well),
// Wave's and Claude Code's project folders (settings, hooks, commands, agents, skills, rules)
// and `.mcp.json`. In the work folder, one that does not exist yet must not be made either: an
// absent folder is covered by an empty read-only one (bubblewrap leaves that empty folder behind
// as its mount point; Git skips an empty `.git`).
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isInside, realOrUndefined as real } from './sandbox-paths.js';

export interface ProtectedPath {
  /** Absolute, links resolved when it exists. */
  readonly path: string;
  /** Absent: covered by an empty read-only folder, so that it cannot be made. */
  readonly exists: boolean;
}

/** Folders read-only in every writable folder, and made impossible to create in the work folder. */
export const PROTECTED_FOLDERS: readonly string[] = ['.git', '.wave', '.claude'];
/**
 * Files read-only where they exist. An absent `.mcp.json` is not covered: an empty file there
 * would be a broken one, and each server a new file names needs the folder's trust anyway.
 */
export const PROTECTED_FILES: readonly string[] = ['.mcp.json'];

/** The folder a `gitdir: …` pointer file (a worktree's or a submodule's `.git`) names. */
function pointedGitDir(pointer: string): string | undefined {
  const match = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(pointer, 'utf8'));
  return match?.[1] === undefined ? undefined : resolve(dirname(pointer), match[1]);
}

/** A worktree's git folder names the repository's own in `commondir`. */
function commonDir(gitDir: string): string | undefined {
  const file = resolve(gitDir, 'commondir');
  if (!existsSync(file)) return undefined;
  return resolve(gitDir, readFileSync(file, 'utf8').trim());
}

/** The Git folders a `.git` entry stands for: itself, and for a pointer file where it points. */
function gitFolders(dotGit: string): string[] {
  if (!lstatSync(dotGit).isFile()) return [];
  const gitDir = pointedGitDir(dotGit);
  if (gitDir === undefined || !existsSync(gitDir)) return [];
  const common = commonDir(gitDir);
  return [gitDir, ...(common !== undefined && existsSync(common) ? [common] : [])];
}

/**
 * The protected paths of these writable folders (real paths). `workdir` is where Wave reads its
 * project files: there (and in the folders between it and a writable folder that holds it)
 * they are protected too, and there absent folders are covered.
 */
export function protectedPaths(writable: readonly string[], workdir: string): ProtectedPath[] {
  const anchors = new Set(writable);
  for (const folder of writable) {
    if (!isInside(workdir, folder)) continue;
    for (let at = workdir; isInside(at, folder) && at !== dirname(at); at = dirname(at))
      anchors.add(at);
  }
  const found = new Map<string, ProtectedPath>();
  const add = (path: string, exists: boolean) => {
    if (!found.has(path)) found.set(path, { path, exists });
  };
  for (const anchor of anchors) {
    for (const name of [...PROTECTED_FOLDERS, ...PROTECTED_FILES]) {
      const path = resolve(anchor, name);
      const isThere = existsSync(path);
      if (!isThere) {
        if (anchor === workdir && PROTECTED_FOLDERS.includes(name)) add(path, false);
        continue;
      }
      const realPath = real(path);
      if (realPath === undefined) continue;
      add(realPath, true);
      if (name === '.git') for (const folder of gitFolders(path)) add(real(folder) ?? folder, true);
    }
  }
  return [...found.values()];
}
