// Issue 12's interactive rows: the issue's reply streamed into the real `wave` UI (or a peer's,
// terminal-program.ts) under a pseudo-terminal (node-pty, 100×30, as the e2e tests run it): the
// CPU it spends in the first seconds idle at its prompt; the CPU it spends
// from Enter until the screen has gone quiet after the last word, the bytes it writes to the
// terminal meanwhile and the frames they came in (Ink brackets each in a synchronized update).
// Then what a terminal made of those bytes (a headless xterm fed the same bytes) is checked:
// every sentence of the reply shown exactly as often as the reply has it, at the end of the
// stream and again after the terminal is narrowed to 60 columns.
import { END_MARKER, SHOWN_AT_MOST, SHOWN_EXACTLY, STREAM_PROMPT } from './issue12-reply.js';
import { cpuSecondsOf } from './process-cpu.js';
import { PtyRun } from './pty-run.js';
import { countProblems } from './screen-text.js';
import type { TerminalProgram } from './terminal-program.js';

/** The screen is quiet when nothing was written for this long after the last word. */
const QUIET_MS = 1500;
const COLUMNS = 100;
const ROWS = 30;
const NARROW_COLUMNS = 60;
/** Ink's synchronized-update start: one per frame it writes. */
const FRAME_START = '\u001B[?2026h';
/** How long the idle row watches the prompt, from when it is shown and has settled. */
export const IDLE_SECONDS = 5;

export interface PtyFigures {
  /** CPU in the first IDLE_SECONDS at the prompt, nothing typed. */
  readonly idleCpuSeconds: number;
  readonly cpuSeconds: number;
  readonly bytesWritten: number;
  readonly frames: number;
  /** What was wrong with the words on screen at the end of the stream ([] when nothing). */
  readonly problemsAtEnd: readonly string[];
  /** The same after the terminal was narrowed. */
  readonly problemsAfterResize: readonly string[];
}

export function waitFor(check: () => boolean, what: string, timeoutMs: number): Promise<void> {
  return new Promise((done, fail) => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (check()) {
        clearInterval(timer);
        done();
      } else if (Date.now() - started > timeoutMs) {
        clearInterval(timer);
        fail(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`));
      }
    }, 20);
  });
}

/** Polls an asynchronous check (what the terminal shows) until it holds. */
export async function waitForScreen(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs: number,
): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) {
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

export async function benchUiPty(program: TerminalProgram, mockUrl: string): Promise<PtyFigures> {
  const run = PtyRun.start(program, mockUrl, 'pty', COLUMNS, ROWS);
  const { pty, screen } = run;
  try {
    await waitFor(() => run.output.includes(program.ready), 'the prompt', 60_000);
    const idleFrom = cpuSecondsOf(pty.pid);
    await new Promise((done) => setTimeout(done, IDLE_SECONDS * 1000));
    const idleCpuSeconds = cpuSecondsOf(pty.pid) - idleFrom;
    pty.write(STREAM_PROMPT);
    // On screen, not in the bytes: a UI that sends only the changed cells (Claude Code's) never
    // writes the typed text in one piece.
    await waitForScreen(
      async () => (await screen.lines()).some((line) => line.includes(STREAM_PROMPT)),
      'the typed prompt',
      10_000,
    );
    await waitFor(() => run.quiet(300), 'the typed prompt to settle', 10_000);
    const cpuBefore = cpuSecondsOf(pty.pid);
    const bytesBefore = run.bytes;
    run.mark();
    pty.write('\r');
    await waitFor(
      () => run.output.includes(END_MARKER) && run.quiet(QUIET_MS),
      'the end of the reply',
      180_000,
    );
    const cpuSeconds = cpuSecondsOf(pty.pid) - cpuBefore;
    const bytesWritten = run.bytes - bytesBefore;
    const frames = occurrences(run.output, FRAME_START);
    const problemsAtEnd = countProblems(await screen.lines(), SHOWN_EXACTLY, SHOWN_AT_MOST);
    // A terminal reflows what it holds at once; the program hears of it after.
    const resizedAt = Date.now();
    run.resize(NARROW_COLUMNS, ROWS);
    await waitFor(
      () => run.wroteSince(resizedAt) && run.quiet(500),
      'the redraw after a resize',
      30_000,
    );
    const problemsAfterResize = countProblems(await screen.lines(), SHOWN_EXACTLY, SHOWN_AT_MOST);
    return { idleCpuSeconds, cpuSeconds, bytesWritten, frames, problemsAtEnd, problemsAfterResize };
  } finally {
    run.close();
  }
}
