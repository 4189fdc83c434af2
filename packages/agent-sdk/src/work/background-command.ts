// One command running in the background: its own process group (so stopping it stops what it
// started), all of its output appended to a file as it arrives, and only counters in memory.
// Reads return what arrived since the previous read, from the file (see OutputFileReader).
import type { ChildProcess } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import type { CommandLauncher } from '../permissions/sandbox/command-launcher.js';
import { UNSANDBOXED } from '../permissions/sandbox/command-launcher.js';
import { KILL_GRACE_MS, MERGED_OUTPUT_SCRIPT } from '../tools/bash.js';
import { errorCode, errorMessage } from '../tools/error-details.js';
import { OutputFileReader } from './output-file-reader.js';

export type EndStatus = 'completed' | 'failed' | 'killed';

export interface CommandEnd {
  readonly status: EndStatus;
  readonly exitCode: number | null;
  /** Set when Wave stopped it, or it could not start. */
  readonly reason?: string;
}

export interface BackgroundCommandOptions {
  readonly command: string;
  readonly workdir: string;
  /** Starts it (in the sandbox or not); default: as it is. */
  readonly launcher?: CommandLauncher;
  /** The file that receives every byte of output (created, truncated). */
  readonly outputPath: string;
  /** Each piece of output as it arrives (decoded text). */
  readonly onOutput: (chunk: string) => void;
  readonly onEnd: (end: CommandEnd, outputSize: number) => void;
}

export class BackgroundCommand {
  private readonly child: ChildProcess;
  /** Written to while it runs, closed when it ends; reads open the file by its path. */
  private readonly file: number;
  private readonly reader: OutputFileReader;
  private readonly decoder = new TextDecoder('utf-8');
  private bytesWritten = 0;
  private chars = 0;
  private stopReason: string | undefined;
  /** What went wrong keeping or stopping it, as sentences for the model. */
  readonly problems: string[] = [];
  private ended: CommandEnd | undefined;
  private readonly endedPromise: Promise<CommandEnd>;

  constructor(private readonly options: BackgroundCommandOptions) {
    this.file = openSync(options.outputPath, 'w', 0o600);
    this.reader = new OutputFileReader(options.outputPath);
    const launcher = options.launcher ?? UNSANDBOXED;
    this.child = launcher.spawn('bash', ['-c', MERGED_OUTPUT_SCRIPT, 'bash', options.command], {
      cwd: options.workdir,
      detached: true,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    this.endedPromise = new Promise((resolve) => {
      let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
      let closed = false;
      const finish = (): void => {
        if (this.ended || exit === undefined || !closed) return;
        this.append(this.decoder.decode());
        const killed = this.stopReason !== undefined;
        this.ended = {
          status: killed ? 'killed' : exit.code === 0 ? 'completed' : 'failed',
          exitCode: exit.code,
          ...(this.stopReason !== undefined ? { reason: this.stopReason } : {}),
        };
        this.options.onEnd(this.ended, this.chars);
        resolve(this.ended);
      };
      this.child.stdout?.on('data', (bytes: Buffer) => this.receive(bytes));
      // A process the command left behind may hold the pipe: the command ends with its shell.
      this.child.on('exit', (code, signal) => {
        exit = { code, signal };
        setTimeout(() => {
          if (!closed) this.child.stdout?.destroy();
          closed = true;
          finish();
        }, 250).unref();
      });
      this.child.stdout?.on('close', () => {
        closed = true;
        finish();
      });
      this.child.on('error', (error) => {
        if (this.ended) return;
        this.ended = {
          status: 'failed',
          exitCode: null,
          reason: `Could not start bash in ${options.workdir}: ${errorMessage(error)}.`,
        };
        this.options.onEnd(this.ended, this.chars);
        resolve(this.ended);
      });
    });
  }

  get end(): CommandEnd | undefined {
    return this.ended;
  }

  get outputSize(): number {
    return this.chars;
  }

  /** Resolves when it has ended (on its own or stopped). */
  whenEnded(): Promise<CommandEnd> {
    return this.endedPromise;
  }

  /** The output that arrived since the previous read, at most `limit` characters. */
  readNew(limit: number): { text: string; skippedBytes: number } {
    return this.reader.readNew(limit);
  }

  /** Stops it and everything it started: SIGTERM to its group, SIGKILL after a grace period. */
  stop(reason: string): Promise<CommandEnd> {
    if (this.ended || this.stopReason !== undefined) return this.endedPromise;
    this.stopReason = reason;
    this.signal('SIGTERM');
    // Kept referenced: whatever ignored SIGTERM gets SIGKILL even when Wave is exiting.
    const hard = setTimeout(() => this.signal('SIGKILL'), KILL_GRACE_MS);
    void this.endedPromise.then(() => clearTimeout(hard));
    return this.endedPromise;
  }

  /** Closes the output file once the command has ended. */
  close(): void {
    try {
      closeSync(this.file);
    } catch {
      // Already closed: nothing to release.
    }
  }

  private receive(bytes: Buffer): void {
    try {
      writeSync(this.file, bytes, 0, bytes.length, this.bytesWritten);
      this.bytesWritten += bytes.length;
    } catch (error) {
      // The output still streams to the hosts; reads miss this part, and say so.
      if (this.problems.length === 0)
        this.problems.push(
          `Could not write its output to ${this.options.outputPath} (${errorMessage(error)}); TaskOutput misses what came after.`,
        );
    }
    this.append(this.decoder.decode(bytes, { stream: true }));
  }

  private append(text: string): void {
    if (text === '') return;
    this.chars += text.length;
    this.options.onOutput(text);
  }

  private signal(signal: NodeJS.Signals): void {
    if (this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, signal);
    } catch (error) {
      // ESRCH: every process of the group has already exited, which is what we wanted.
      if (errorCode(error) !== 'ESRCH')
        this.problems.push(`Could not send ${signal} to it: ${errorMessage(error)}.`);
    }
  }
}
