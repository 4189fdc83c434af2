// node:child_process, loaded at its first use. Most runs start no process before the model's
// first word (print mode's answer, a session that runs no command), and loading it (with the
// modules under it) was a few milliseconds of every start (issue 27).
import { createRequire } from 'node:module';
import type * as ChildProcessModule from 'node:child_process';

let loaded: typeof ChildProcessModule | undefined;

export function childProcess(): typeof ChildProcessModule {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- require() is untyped; this is Node's own module
  loaded ??= createRequire(import.meta.url)('node:child_process') as typeof ChildProcessModule;
  return loaded;
}
