// Paths as the sandbox compares them: absolute real paths, a folder holding itself.
import { realpathSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';

/** Whether `path` is `folder` or inside it. */
export function isInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** The real path (links resolved), or undefined when it does not exist. */
export function realOrUndefined(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/** `~` and relative paths of a setting, against the home folder and the work folder. */
export function expandPath(path: string, home: string, workdir: string): string {
  if (path === '~') return home;
  if (path.startsWith('~/')) return join(home, path.slice(2));
  return resolve(workdir, path);
}
