// The checks every file tool makes before touching a path, phrased so the model knows what to
// do next: a missing path, a directory where a file was expected, and the reverse.
import type { Stats } from 'node:fs';
import { lstat, stat } from 'node:fs/promises';
import { errorCode } from './error-details.js';

async function statsIfExists(
  look: (path: string) => Promise<Stats>,
  absolutePath: string,
): Promise<Stats | undefined> {
  try {
    return await look(absolutePath);
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return undefined;
    throw error;
  }
}

/** The path's stats, or undefined when nothing exists there. Other failures (EACCES) throw. */
export function statIfExists(absolutePath: string): Promise<Stats | undefined> {
  return statsIfExists(stat, absolutePath);
}

/** Like statIfExists, but a link's own stats, not those of what it leads to. */
export function lstatIfExists(absolutePath: string): Promise<Stats | undefined> {
  return statsIfExists(lstat, absolutePath);
}

export function fileNotFound(shownPath: string): string {
  return `File not found: ${shownPath}. Check the path (relative paths start at the working directory), or use Glob to find the file.`;
}

export function isADirectory(shownPath: string): string {
  return `${shownPath} is a directory, not a file. Use LS to list it, or Glob to find files in it.`;
}

export function directoryNotFound(shownPath: string): string {
  return `Directory not found: ${shownPath}. Check the path, or use LS on its parent to see what is there.`;
}

export function isAFile(shownPath: string, alternative: string): string {
  return `${shownPath} is a file, not a directory. ${alternative}`;
}
