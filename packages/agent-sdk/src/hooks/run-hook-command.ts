// Runs one hook command: `bash -c command` in the work folder, in a process group of its own, the
// event's JSON on stdin. The timeout and an abort end the whole group (SIGTERM, then SIGKILL), so
// nothing the hook started outlives it. stdout and stderr are kept up to a bound each.
import { childProcess } from '../work/child-process.js';

/** The most characters of stdout, and of stderr, kept from one run. */
export const MAX_HOOK_STREAM_CHARS = 64_000;
/** How long a group that got SIGTERM has before SIGKILL. */
const KILL_GRACE_MS = 1_000;
/** After the command exits, how long to wait for a background process still holding its pipes. */
const DRAIN_MS = 200;

export interface HookCommand {
  readonly command: string;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The event's input, written to stdin. */
  readonly input: string;
  readonly timeoutMs: number;
  readonly signal: AbortSignal;
}

export interface HookCommandResult {
  /** Null when a signal ended it, or it never started. */
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Set when Wave ended it. */
  readonly ended?: 'timeout' | 'aborted';
  /** Why it could not start. */
  readonly spawnError?: string;
  /** The process group id, for a test that checks the group is gone. */
  readonly pid?: number;
}

class BoundedText {
  private text = '';
  private cut = false;
  add(chunk: string): void {
    if (this.text.length >= MAX_HOOK_STREAM_CHARS) {
      this.cut ||= chunk.length > 0;
      return;
    }
    const room = MAX_HOOK_STREAM_CHARS - this.text.length;
    this.text += chunk.slice(0, room);
    this.cut ||= chunk.length > room;
  }
  value(): string {
    return this.cut ? `${this.text}\n[…cut at ${MAX_HOOK_STREAM_CHARS} characters]` : this.text;
  }
}

function signalGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group has already gone, which is what was wanted.
  }
}

export function runHookCommand(run: HookCommand): Promise<HookCommandResult> {
  return new Promise((resolve) => {
    if (run.signal.aborted) {
      resolve({ exitCode: null, stdout: '', stderr: '', ended: 'aborted' });
      return;
    }
    // --norc: stdin is a socket, and Debian's bash would otherwise read ~/.bashrc as for ssh.
    const child = childProcess().spawn('bash', ['--norc', '--noprofile', '-c', run.command], {
      cwd: run.cwd,
      env: run.env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stdout = new BoundedText();
    const stderr = new BoundedText();
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => stdout.add(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => stderr.add(chunk));
    // A hook that never reads its input closes stdin early: that is not its failure.
    child.stdin.on('error', () => undefined);
    child.stdin.end(run.input);

    let ended: HookCommandResult['ended'];
    let exitCode: number | null = null;
    let settled = false;
    let killTimer: NodeJS.Timeout | undefined;
    let drainTimer: NodeJS.Timeout | undefined;

    const finish = (spawnError?: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timeoutTimer);
      clearTimeout(drainTimer);
      run.signal.removeEventListener('abort', onAbort);
      child.stdout.destroy();
      child.stderr.destroy();
      resolve({
        exitCode,
        stdout: stdout.value(),
        stderr: stderr.value(),
        ...(ended ? { ended } : {}),
        ...(spawnError !== undefined ? { spawnError } : {}),
        ...(child.pid !== undefined ? { pid: child.pid } : {}),
      });
    };
    const stop = (why: 'timeout' | 'aborted'): void => {
      if (settled || ended) return;
      ended = why;
      signalGroup(child.pid, 'SIGTERM');
      killTimer = setTimeout(() => signalGroup(child.pid, 'SIGKILL'), KILL_GRACE_MS);
      killTimer.unref();
    };
    const onAbort = (): void => stop('aborted');
    run.signal.addEventListener('abort', onAbort, { once: true });
    const timeoutTimer = setTimeout(() => stop('timeout'), run.timeoutMs);

    child.on('error', (error) => finish(error.message));
    child.on('exit', (code) => {
      exitCode = code;
      // What it left in the background may still hold the pipes: read a moment more, not forever.
      drainTimer = setTimeout(() => finish(), DRAIN_MS);
    });
    child.on('close', () => finish());
  });
}
