// Walking the file tree for Glob and Grep: where a search really starts, what it skips, and the
// check that its starting directory exists.
import { resolve } from 'node:path';
import { directoryNotFound, isAFile, statIfExists } from './file-status.js';
import { displayPath, resolveToolPath, splitGlobPattern } from './paths.js';

/** Never searched: version-control internals and installed dependencies. */
export const IGNORED_DIRECTORIES = ['**/.git/**', '**/node_modules/**'];

export interface FileSearch {
  /** The directory the search starts in: `path` plus the literal start of the pattern. */
  readonly directory: string;
  /** The rest of the pattern, relative to `directory`. */
  readonly pattern: string;
}

/**
 * Where a (pattern, path) search really looks. An absolute or `../` pattern becomes a search from
 * that directory, so the permission layer sees the true place and the walk never leaves it.
 */
export function planFileSearch(
  pattern: string,
  path: string | undefined,
  workdir: string,
): FileSearch {
  const { base, rest } = splitGlobPattern(pattern);
  const directory = resolve(resolveToolPath(workdir, path ?? '.'), base);
  return { directory, pattern: rest === '' ? '**' : rest };
}

/** Why the search cannot run as planned, or undefined when it can. */
export function fileSearchPatternProblem(search: FileSearch, written: string): string | undefined {
  if (!search.pattern.split('/').includes('..')) return undefined;
  return `The pattern ${written} has ".." after a wildcard, which is not supported. Put ".." only at the start of the pattern, or set path to the directory to search.`;
}

/** The problem with the directory a search starts in, or undefined when it is a directory. */
export async function searchDirectoryProblem(
  directory: string,
  workdir: string,
): Promise<string | undefined> {
  const shown = displayPath(workdir, directory);
  const stats = await statIfExists(directory);
  if (!stats) return directoryNotFound(shown);
  if (!stats.isDirectory()) return isAFile(shown, 'Pass the directory that holds it as path.');
  return undefined;
}

/** Files matching the search, absolute paths, skipping ignored directories. */
export async function findFiles(search: FileSearch, signal: AbortSignal): Promise<string[]> {
  // Loaded with the first search: a session that never searches never compiles it (start-up).
  const { glob } = await import('tinyglobby');
  return glob(search.pattern, {
    cwd: search.directory,
    absolute: true,
    dot: true,
    ignore: IGNORED_DIRECTORIES,
    // Following links could loop, or wander outside the directory the user allowed.
    followSymbolicLinks: false,
    signal,
  });
}
