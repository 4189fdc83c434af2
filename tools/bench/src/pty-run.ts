// One terminal program under a pseudo-terminal for a bench row (node-pty, xterm-256color, in a
// home folder of its own): what it wrote since the row's last mark, how many bytes in all, when it
// last wrote, and the screen a headless xterm makes of the same bytes. A resize moves the terminal
// and that screen together, as a real terminal reflows before the program hears of it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from '@lydell/node-pty';
import type { IPty } from '@lydell/node-pty';
import { ScreenText } from './screen-text.js';
import type { TerminalProgram } from './terminal-program.js';

export class PtyRun {
  private written = '';
  private byteCount = 0;
  private lastDataAt = Date.now();

  private constructor(
    readonly pty: IPty,
    readonly screen: ScreenText,
    private readonly home: string,
  ) {
    pty.onData((data) => {
      this.written += data;
      this.byteCount += Buffer.byteLength(data);
      this.lastDataAt = Date.now();
      screen.write(data);
    });
  }

  /** Starts the program against the mock model, its home a new temp folder named after `tag`. */
  static start(
    program: TerminalProgram,
    mockUrl: string,
    tag: string,
    columns: number,
    rows: number,
  ): PtyRun {
    const home = mkdtempSync(join(tmpdir(), `wave-bench-${tag}-`));
    const launch = program.launch(mockUrl, home);
    const pty = spawn(launch.file, [...launch.args], {
      name: 'xterm-256color',
      cols: columns,
      rows,
      cwd: launch.cwd,
      env: launch.env,
    });
    return new PtyRun(pty, new ScreenText(columns, rows), home);
  }

  /** What the program wrote since the last `mark()` (or its start). */
  get output(): string {
    return this.written;
  }

  /** Every byte it wrote to the terminal. */
  get bytes(): number {
    return this.byteCount;
  }

  /** Forgets what was written so far: `output` holds what comes after. */
  mark(): void {
    this.written = '';
  }

  /** Nothing was written for `ms`. */
  quiet(ms: number): boolean {
    return Date.now() - this.lastDataAt > ms;
  }

  /** Something was written after `time` (epoch ms). */
  wroteSince(time: number): boolean {
    return this.lastDataAt > time;
  }

  resize(columns: number, rows: number): void {
    this.screen.resize(columns, rows);
    this.pty.resize(columns, rows);
  }

  close(): void {
    this.pty.kill();
    this.screen.dispose();
    rmSync(this.home, { recursive: true, force: true });
  }
}
