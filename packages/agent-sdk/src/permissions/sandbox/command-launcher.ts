// The spawn wrapper every command goes through (Bash, background commands, `!` commands, hooks):
// the one place that knows whether a program runs in the sandbox, and how. A launcher is made
// for one run (command-sandbox.ts decides which kind); outside the sandbox it is a plain spawn.
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { childProcess } from '../../work/child-process.js';

export interface LaunchOptions extends Omit<SpawnOptions, 'cwd'> {
  /** The folder the program starts in (inside the sandbox too). */
  readonly cwd: string;
}

export interface CommandLauncher {
  /** Whether what it spawns runs in the sandbox. */
  readonly sandboxed: boolean;
  /** Whether the sandbox is on at all (so where a command ran is worth telling the user). */
  readonly sandboxOn: boolean;
  /** In the sandbox: whether it lets commands use the network. */
  readonly network?: boolean;
  /**
   * Starts `file` with `args`, like child_process.spawn. Throws SandboxUnavailableError when the
   * sandbox is on but cannot run and the user has not agreed to run outside it.
   */
  spawn(file: string, args: readonly string[], options: LaunchOptions): ChildProcess;
  /**
   * After a sandboxed run failed the way the sandbox makes things fail: asks the user whether to
   * run it once outside the sandbox, with `reason` shown. Absent where there is no one to ask.
   */
  readonly askToRunOutside?: (reason: string) => Promise<boolean>;
  /** The launcher for one run outside the sandbox, once the user said yes. */
  readonly outside?: () => CommandLauncher;
}

/** The sandbox is on, but cannot run here; `message` is the sentence with the fix. */
export class SandboxUnavailableError extends Error {
  override readonly name = 'SandboxUnavailableError';
}

/** Runs programs as they are, without a sandbox (the sandbox is off, or the user agreed). */
export const UNSANDBOXED: CommandLauncher = {
  sandboxed: false,
  sandboxOn: false,
  spawn: (file, args, options) => childProcess().spawn(file, args, options),
};

/**
 * The launcher with `variables` added to every program's environment (the settings' `env`): over
 * what the spawn was given, or Wave's own environment when it was given none.
 */
export function withVariables(
  launcher: CommandLauncher,
  variables: Readonly<Record<string, string>>,
): CommandLauncher {
  if (Object.keys(variables).length === 0) return launcher;
  const outside = launcher.outside;
  return {
    ...launcher,
    spawn: (file, args, options) =>
      launcher.spawn(file, args, {
        ...options,
        env: { ...(options.env ?? process.env), ...variables },
      }),
    ...(outside ? { outside: () => withVariables(outside(), variables) } : {}),
  };
}
