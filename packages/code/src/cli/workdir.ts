// The directory Wave works in: --cwd when given (it must exist), else the current directory.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from './usage-error.js';

export function resolveWorkdir(cwdFlag: string | undefined, current: string): string {
  if (cwdFlag === undefined) return current;
  const workdir = resolve(current, cwdFlag);
  if (!statSync(workdir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new UsageError(`--cwd ${cwdFlag}: ${workdir} is not an existing directory.`);
  }
  return workdir;
}
