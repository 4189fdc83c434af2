// Where a tool's path argument points, and how to show it: relative paths resolve against the
// agent's working directory, and paths inside it are displayed relative to it.
import { homedir } from 'node:os';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** Resolves a path the model gave (absolute, relative to the workdir, or `~/...`) to an absolute one. */
export function resolveToolPath(workdir: string, path: string): string {
  if (path === '~') return homedir();
  if (path.startsWith('~/')) return resolve(homedir(), path.slice(2));
  return resolve(workdir, path);
}

/** True when `path` is `dir` itself or somewhere below it. */
export function isWithin(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${sep}`));
}

/** How to show an absolute path to the model and the user: relative inside the workdir, else absolute. */
export function displayPath(workdir: string, absolutePath: string): string {
  if (!isWithin(workdir, absolutePath)) return absolutePath;
  return relative(workdir, absolutePath) || '.';
}

/**
 * How to show a path from input that may still be streaming: relative to the workdir when one
 * is known, else as the model wrote it.
 */
export function displayInputPath(path: string, workdir: string | undefined): string {
  if (workdir === undefined) return path;
  return displayPath(workdir, resolveToolPath(workdir, path));
}

const GLOB_MAGIC = /[*?[\]{}()!]/;

/**
 * Splits a glob into the literal directory it starts from and the pattern below it, so
 * `/abs/src/** /*.ts` or `../lib/*.js` search from a real directory (which the permission layer
 * can check) instead of reaching outside the directory being searched.
 */
export function splitGlobPattern(pattern: string): { base: string; rest: string } {
  const segments = pattern.split('/');
  const firstMagic = segments.findIndex((segment) => GLOB_MAGIC.test(segment));
  const baseEnd = firstMagic === -1 ? segments.length - 1 : firstMagic;
  const base = segments.slice(0, baseEnd).join('/');
  const rest = segments.slice(baseEnd).join('/');
  return { base: base === '' && pattern.startsWith('/') ? '/' : base, rest };
}

/** `compact` and `paths` for a tool whose input names one file (`file_path`). */
export const singleFileInput = {
  compact: (input: { readonly file_path?: string }, workdir?: string): string | undefined =>
    input.file_path ? displayInputPath(input.file_path, workdir) : undefined,
  paths: (input: { readonly file_path: string }, workdir: string): string[] => [
    resolveToolPath(workdir, input.file_path),
  ],
};
