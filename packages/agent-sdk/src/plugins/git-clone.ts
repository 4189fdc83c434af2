// A git source cloned with the user's own `git` (their credentials, their config), bounded in
// time and never prompting: a marketplace or plugin given as a repository.
import { spawnSync } from 'node:child_process';

const CLONE_TIMEOUT_MS = 300_000;

export interface CloneRequest {
  readonly url: string;
  readonly into: string;
  readonly ref?: string;
  readonly sha?: string;
}

function git(args: readonly string[], what: string): void {
  const run = spawnSync('git', args, {
    encoding: 'utf8',
    timeout: CLONE_TIMEOUT_MS,
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (run.error)
    throw new Error(
      `${what} failed: git could not run (${run.error.message}). Install git, or add the marketplace from a folder.`,
    );
  if (run.status !== 0)
    throw new Error(
      `${what} failed: ${(run.stderr || run.stdout).trim() || `git exited with ${run.status}`}.`,
    );
}

/** Clones the repository (at its ref or commit when given) into a folder that does not exist yet. */
export function gitClone(request: CloneRequest): void {
  const what = `Cloning ${request.url}`;
  if (request.sha === undefined) {
    git(
      [
        'clone',
        '--depth',
        '1',
        ...(request.ref ? ['--branch', request.ref] : []),
        '--',
        request.url,
        request.into,
      ],
      what,
    );
    return;
  }
  git(['clone', '--', request.url, request.into], what);
  git(['-C', request.into, 'checkout', '--detach', request.sha], `${what} at ${request.sha}`);
}
