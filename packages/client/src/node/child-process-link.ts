// `wave --stdio` as a child process, its messages in Content-Length frames read and written by
// the same framing as the bridge's own (`@wave-agent/shared-protocol/node`). When the child stops unexpectedly, it is started again and the link
// says so (restarting, then connected with a new epoch, so the client opens its sessions again
// from disk); after too many stops in a short time it gives up with a sentence (crashed).
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { FrameReader, frameWriter } from '@wave-agent/shared-protocol/node';
import { Listeners } from '../listeners.js';
import type { MessageLink } from '../transports/message-link.js';
import type { TransportStatus } from '../transport.js';

export interface ChildProcessOptions {
  /** The program to run; default: this Node (`process.execPath`). */
  readonly command?: string;
  /** Its arguments, e.g. `['/path/to/@wave-agent/code/dist/bin.js', '--stdio']`. */
  readonly args: readonly string[];
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Unexpected stops within `restartWindowMs` before it gives up (default 3 in 60 s). */
  readonly maxRestarts?: number;
  readonly restartWindowMs?: number;
  /** What the child writes on stderr (its log), as it comes. */
  readonly onStderr?: (text: string) => void;
  /** How long closing waits for the child to leave before it is killed (default 5 s). */
  readonly closeTimeoutMs?: number;
}

const STDERR_TAIL = 600;

interface Running {
  readonly child: ChildProcessWithoutNullStreams;
  readonly send: (message: object) => void;
  readonly exited: Promise<void>;
  stderr: string;
}

function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return code !== null ? `exit code ${code}` : `signal ${signal ?? 'unknown'}`;
}

export interface ChildProcessLink extends MessageLink {
  /** The running child's process id (for hosts that watch it, and for tests). */
  readonly pid: number | undefined;
  /** Bytes read from the children's stdout so far (what the protocol costs on the pipe). */
  readonly bytesRead: number;
}

export function childProcessLink(options: ChildProcessOptions): ChildProcessLink {
  const messages = new Listeners<[unknown]>();
  const problems = new Listeners<[string]>();
  const statuses = new Listeners<[TransportStatus]>();
  const maxRestarts = options.maxRestarts ?? 3;
  const windowMs = options.restartWindowMs ?? 60_000;
  const stops: number[] = [];
  let epoch = 0;
  let status: TransportStatus = { state: 'restarting', message: 'Starting wave --stdio.' };
  let running: Running | undefined;
  let closing = false;
  let bytesRead = 0;

  const setStatus = (next: TransportStatus): void => {
    status = next;
    statuses.emit(next);
  };

  const start = (): void => {
    const child = spawn(options.command ?? process.execPath, [...options.args], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: 'pipe',
    });
    child.stdout.on('data', (chunk: Buffer) => (bytesRead += chunk.length));
    const reader = new FrameReader(child.stdout);
    let failedToStart: Error | undefined;
    const exited = new Promise<void>((resolve) => {
      child.once('error', (error) => {
        failedToStart = error;
        resolve();
      });
      child.once('close', () => resolve());
    });
    const current: Running = { child, send: frameWriter(child.stdin), exited, stderr: '' };
    running = current;
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      current.stderr = (current.stderr + text).slice(-STDERR_TAIL);
      options.onStderr?.(text);
    });
    // A write after the child died fails on its own; the exit below says what happened.
    child.stdin.on('error', () => undefined);
    reader.listen({
      onMessage: (message) => messages.emit(message),
      onFrameError: (error) =>
        problems.emit(`wave --stdio wrote a frame that was skipped: ${error.message}`),
      // The child's exit, which follows, says what happened.
      onStreamError: () => undefined,
      onEnd: () => undefined,
    });
    void exited.then(() => {
      reader.dispose();
      if (running === current) running = undefined;
      if (closing) return;
      stopped(current, failedToStart);
    });
    epoch += 1;
    setStatus({ state: 'connected', epoch });
  };

  const stopped = (gone: Running, failedToStart: Error | undefined): void => {
    const { exitCode, signalCode } = gone.child;
    const tail = gone.stderr.trim().split('\n').slice(-3).join(' / ');
    const cause = failedToStart
      ? `could not be started (${failedToStart.message})`
      : `stopped unexpectedly (${describeExit(exitCode, signalCode)})${tail ? `; its last words: ${tail}` : ''}`;
    const now = Date.now();
    stops.push(now);
    while (stops.length > 0 && (stops[0] ?? now) < now - windowMs) stops.shift();
    if (failedToStart || stops.length > maxRestarts) {
      setStatus({
        state: 'crashed',
        message: `wave --stdio ${cause}. It is not started again${failedToStart ? '' : ` after ${stops.length} stops within ${Math.round(windowMs / 1000)} s`}: check its log (stderr) and the command that runs it, then reopen the window.`,
      });
      return;
    }
    setStatus({
      state: 'restarting',
      message: `wave --stdio ${cause}. Starting it again and reopening the session from disk.`,
    });
    start();
  };

  start();
  return {
    get status() {
      return status;
    },
    get pid() {
      return running?.child.pid;
    },
    get bytesRead() {
      return bytesRead;
    },
    send(message) {
      // Nothing can be sent while no child runs; the request waiting for an answer fails with
      // the status's sentence when the link reports it. A write that fails means the child is
      // going away (EPIPE): its exit is what the link reports, with its reason.
      running?.send(message);
    },
    onMessage: (listener) => messages.add(listener),
    onProblem: (listener) => problems.add(listener),
    onStatus: (listener) => statuses.add(listener),
    async close() {
      closing = true;
      const current = running;
      if (current) {
        current.child.stdin.end();
        let timer: ReturnType<typeof setTimeout> | undefined;
        const late = new Promise<'late'>((resolve) => {
          timer = setTimeout(() => resolve('late'), options.closeTimeoutMs ?? 5000);
        });
        if ((await Promise.race([current.exited, late])) === 'late') current.child.kill('SIGKILL');
        clearTimeout(timer);
        await current.exited;
      }
      setStatus({ state: 'closed' });
    },
  };
}
