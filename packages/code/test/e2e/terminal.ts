// A real pseudo-terminal for end-to-end tests: the program runs under node-pty, and everything
// it writes is fed into a headless xterm, so a test reads what a person would see — the whole
// buffer, scrollback and screen. Every wait is bounded and says what it saw when it gives up.
import { spawn as spawnPty } from '@lydell/node-pty';
import type { IPty } from '@lydell/node-pty';
import xtermHeadless from '@xterm/headless';

const { Terminal } = xtermHeadless;

export interface TerminalOptions {
  readonly file: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: Record<string, string>;
  readonly cols?: number;
  readonly rows?: number;
  /** Rows kept above the screen; large, so tests can read everything ever printed. */
  readonly scrollback?: number;
}

export const KEYS = {
  enter: '\r',
  escape: '\u001b',
  ctrlC: '\u0003',
  ctrlD: '\u0004',
  backspace: '\u007f',
  up: '\u001b[A',
  down: '\u001b[B',
  ctrlO: '\u000f',
} as const;

const CHECK_INTERVAL_MS = 25;

export type TextMatcher = string | RegExp | ((all: string) => boolean);

function matches(matcher: TextMatcher, text: string): boolean {
  if (typeof matcher === 'string') return text.includes(matcher);
  if (matcher instanceof RegExp) return matcher.test(text);
  return matcher(text);
}

export interface Exit {
  readonly exitCode: number;
  readonly signal?: number;
}

export class PtyTerminal {
  private readonly pty: IPty;
  private readonly terminal: InstanceType<typeof Terminal>;
  /** Resolves when xterm has parsed everything received so far. */
  private parsed: Promise<void> = Promise.resolve();
  private readonly changeListeners = new Set<() => void>();
  private exit: Exit | undefined;
  private readonly exitPromise: Promise<Exit>;
  /** Every byte the program wrote, for failure messages and raw checks. */
  private raw = '';

  constructor(options: TerminalOptions) {
    const cols = options.cols ?? 100;
    const rows = options.rows ?? 30;
    this.terminal = new Terminal({
      cols,
      rows,
      scrollback: options.scrollback ?? 50_000,
      allowProposedApi: true,
    });
    this.pty = spawnPty(options.file, [...options.args], {
      name: options.env.TERM ?? 'xterm-256color',
      cols,
      rows,
      cwd: options.cwd,
      env: options.env,
    });
    this.pty.onData((data) => {
      this.raw += data;
      this.parsed = new Promise((resolve) => this.terminal.write(data, resolve));
      void this.parsed.then(() => this.scheduleCheck());
    });
    this.exitPromise = new Promise((resolve) => {
      this.pty.onExit(({ exitCode, signal }) => {
        this.exit = { exitCode, ...(signal ? { signal } : {}) };
        // Let xterm finish parsing the last output before anyone reads the buffer.
        void this.parsed.then(() => {
          resolve(this.exit!);
          this.changed();
        });
      });
    });
  }

  /**
   * Waiters are checked at most every CHECK_INTERVAL_MS, not per chunk of output: reading the
   * whole buffer costs time in proportion to it, and a big reply arrives in thousands of chunks.
   */
  private scheduleCheck(): void {
    if (this.checkTimer) return;
    this.checkTimer = setTimeout(() => {
      this.checkTimer = undefined;
      this.changed();
    }, CHECK_INTERVAL_MS);
  }

  private checkTimer: NodeJS.Timeout | undefined;

  private changed(): void {
    for (const listener of this.changeListeners) listener();
  }

  get cols(): number {
    return this.terminal.cols;
  }

  get output(): string {
    return this.raw;
  }

  /** Types text or keys (see KEYS) into the program. */
  write(data: string): void {
    this.pty.write(data);
  }

  /**
   * Types text, waits until the screen echoes it, then presses Enter: text and Enter arriving in
   * one read would be taken as a paste (a newline in the prompt) rather than a submit.
   */
  async submit(text: string, timeoutMs = 10_000): Promise<void> {
    this.write(text);
    const tail = text.slice(-12);
    await this.waitFor(
      () => this.screen().includes(tail),
      timeoutMs,
      `"${text}" typed in the prompt`,
    );
    this.write(KEYS.enter);
  }

  /**
   * Resizes as a terminal emulator does: once it has drawn everything it has received, it
   * reflows its buffer to the new width, then tells the program (SIGWINCH). Output the program
   * wrote just before is still drawn after the reflow, as in a real terminal.
   */
  async resize(cols: number, rows = this.terminal.rows): Promise<void> {
    for (let seen: Promise<void> | undefined; seen !== this.parsed;) {
      seen = this.parsed;
      await seen;
    }
    this.terminal.resize(cols, rows);
    this.pty.resize(cols, rows);
  }

  /** Logical lines of the whole buffer (scrollback + screen); soft-wrapped rows are joined. */
  lines(): string[] {
    const buffer = this.terminal.buffer.active;
    const lines: string[] = [];
    for (let row = 0; row < buffer.length; row++) {
      const line = buffer.getLine(row);
      if (!line) continue;
      const text = line.translateToString(true);
      if (line.isWrapped && lines.length > 0) lines[lines.length - 1] += text;
      else lines.push(text);
    }
    while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    return lines;
  }

  /** The whole buffer as one string, lines joined with "\n". */
  text(): string {
    return this.lines().join('\n');
  }

  /** Only the rows on the screen now. */
  screen(): string {
    const buffer = this.terminal.buffer.active;
    const rows: string[] = [];
    for (let row = buffer.viewportY; row < buffer.viewportY + this.terminal.rows; row++) {
      rows.push(buffer.getLine(row)?.translateToString(true) ?? '');
    }
    return rows.join('\n');
  }

  /** Waits until the whole buffer matches; fails after timeoutMs showing the screen. */
  waitFor(matcher: TextMatcher, timeoutMs = 10_000, what = String(matcher)): Promise<string> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const text = this.text();
        if (matches(matcher, text)) {
          done();
          resolve(text);
        } else if (this.exit) {
          done();
          reject(
            new Error(
              `The program exited (${JSON.stringify(this.exit)}) before showing ${what}.\n${this.describe()}`,
            ),
          );
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(
          new Error(
            `The terminal did not show ${what} within ${timeoutMs} ms.\n${this.describe()}`,
          ),
        );
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.changeListeners.delete(check);
      };
      this.changeListeners.add(check);
      void this.parsed.then(check);
    });
  }

  /** Resolves with the exit once the program ends; kills it and fails after timeoutMs. */
  async exited(timeoutMs = 10_000): Promise<Exit> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.kill();
        reject(new Error(`The program did not exit within ${timeoutMs} ms.\n${this.describe()}`));
      }, timeoutMs);
    });
    try {
      return await Promise.race([this.exitPromise, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Ends the program (if still running) and frees the terminal. */
  async dispose(): Promise<void> {
    clearTimeout(this.checkTimer);
    if (!this.exit) {
      this.kill();
      await Promise.race([this.exitPromise, new Promise((resolve) => setTimeout(resolve, 2000))]);
    }
    this.terminal.dispose();
  }

  /** Sends `signal` (e.g. SIGUSR2) to the program. */
  signal(signal: string): void {
    this.pty.kill(signal);
  }

  private kill(): void {
    try {
      this.pty.kill('SIGKILL');
    } catch (error) {
      // Already gone: the exit handler has run or is about to.
      if (!(error instanceof Error && /ESRCH/.test(error.message))) throw error;
    }
  }

  describe(): string {
    return `--- screen (${this.terminal.cols}x${this.terminal.rows}) ---\n${this.screen()}\n--- end of screen ---`;
  }
}
