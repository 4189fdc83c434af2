// Runs the status line command (settings' `statusLine`) as Claude Code does: the session's JSON
// on stdin, the first line of its output shown under the prompt. It runs at most once every
// MIN_INTERVAL_MS and never twice at once: changes that arrive meanwhile are folded into one
// more run, with the newest state. A command that hangs is killed (its whole process group)
// after TIMEOUT_MS; one that fails keeps the last line shown. Either is said in the log, once
// until it changes. Nothing here waits on the command: typing never does.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

export const MIN_INTERVAL_MS = 300;
export const TIMEOUT_MS = 5_000;
/** More output than a status line needs is not kept. */
const MAX_OUTPUT = 64 * 1024;

export interface StatusCommandRunnerOptions {
  readonly command: string;
  readonly cwd: string;
  /** The first line of a run that succeeded. */
  readonly onLine: (line: string) => void;
  /** A sentence for the log: what went wrong with the command, and what to do. */
  readonly log: (sentence: string) => void;
  readonly timeoutMs?: number;
}

export class StatusCommandRunner {
  private child: ChildProcess | undefined;
  private timer: NodeJS.Timeout | undefined;
  private input: (() => string) | undefined;
  private lastStart = Number.NEGATIVE_INFINITY;
  private lastProblem: string | undefined;
  private closed = false;

  constructor(private readonly options: StatusCommandRunnerOptions) {}

  /** The session changed: run again with `input` (made only when the run starts). */
  update(input: () => string): void {
    this.input = input;
    this.schedule();
  }

  /** Stops the running command and every run to come. */
  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.child) killGroup(this.child);
  }

  private schedule(): void {
    if (this.closed || this.child || this.timer || this.input === undefined) return;
    const wait = Math.max(0, this.lastStart + MIN_INTERVAL_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.start();
    }, wait);
  }

  private start(): void {
    const input = this.input;
    if (this.closed || input === undefined) return;
    this.input = undefined;
    this.lastStart = Date.now();
    const { command, cwd } = this.options;
    const child = spawn(command, {
      cwd,
      shell: true,
      // Its own process group, so a timeout ends what it started too.
      detached: process.platform !== 'win32',
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child = child;
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout?.on('data', (chunk: Buffer) => {
      if (stdout.length < MAX_OUTPUT) stdout += chunk.toString('utf8');
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < MAX_OUTPUT) stderr += chunk.toString('utf8');
    });
    // A command that does not read its stdin closes it early: not a failure of the command.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input());
    const timeoutMs = this.options.timeoutMs ?? TIMEOUT_MS;
    const killer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, timeoutMs);
    const done = (problem: string | undefined) => {
      clearTimeout(killer);
      this.child = undefined;
      if (problem === undefined) {
        this.lastProblem = undefined;
        this.options.onLine(firstLine(stdout));
      } else if (problem !== this.lastProblem) {
        this.lastProblem = problem;
        this.options.log(problem);
      }
      this.schedule();
    };
    child.on('error', (error) =>
      done(
        `The status line command "${command}" could not be started (${error.message}): check "statusLine" in your settings.`,
      ),
    );
    child.on('close', (code, signal) => {
      if (this.closed) return clearTimeout(killer);
      if (timedOut)
        return done(
          `The status line command "${command}" gave no answer within ${timeoutMs} ms and was stopped; the status line keeps its last text. Make it answer faster, or change "statusLine" in your settings.`,
        );
      if (code === 0) return done(undefined);
      const said = firstLine(stderr);
      done(
        `The status line command "${command}" failed (${code === null ? `signal ${signal}` : `exit code ${code}`})${said ? `: ${said}` : ''}; the status line keeps its last text. Fix the command or "statusLine" in your settings.`,
      );
    });
  }
}

function firstLine(text: string): string {
  return (text.split(/\r?\n/, 1)[0] ?? '').trimEnd();
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    if (process.platform === 'win32') child.kill('SIGKILL');
    else process.kill(-child.pid, 'SIGKILL');
  } catch {
    // It ended on its own meanwhile: nothing left to stop.
  }
}
