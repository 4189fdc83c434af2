// Issue 27's three-subagents row: the terminal UI under a pseudo-terminal (node-pty, 100×30) while
// three subagents stream at once (subagents-reply.ts), beside the same UI streaming one reply of
// the same words. CPU from Enter until the screen is quiet after the last word (the parent's
// answer, or the one reply's end), alternated run by run so both see the same load. Then every
// word of every thread must be on screen exactly once: for the three threads in the expanded view
// (Ctrl+O; the collapsed cards show only their last lines) with none of them twice in the history
// before it, for the one reply as it stands.
import { median } from './headless.js';
import { startMockLlmProcess } from './mock-llm-process.js';
import { cpuSecondsOf } from './process-cpu.js';
import { PtyRun } from './pty-run.js';
import {
  ONE_END,
  ONE_PROMPT,
  PARENT_REPLY,
  subagentsScenario,
  THREE_PROMPT,
  wordsNotShownOnce,
  wordsShownTwice,
} from './subagents-reply.js';
import { waitFor, waitForScreen } from './ui-pty.js';
import { waveTerminal } from './terminal-program.js';
import type { WaveCommand } from './wave-command.js';

const COLUMNS = 100;
const ROWS = 30;
const QUIET_MS = 1500;
const CTRL_O = '\u000f';
/** Rows for the expanded view to hold every thread's whole transcript (about 450 lines). */
const TALL_ROWS = 1000;

interface StreamRun {
  readonly cpuSeconds: number;
  readonly bytesWritten: number;
  /** Words not shown exactly once ([] when every one was). */
  readonly wrongWords: readonly string[];
}

async function runOnce(wave: WaveCommand, mockUrl: string, three: boolean): Promise<StreamRun> {
  const program = waveTerminal(wave);
  const run = PtyRun.start(program, mockUrl, 'subagents', COLUMNS, ROWS);
  const { pty, screen } = run;
  const prompt = three ? THREE_PROMPT : ONE_PROMPT;
  const shown = (text: string) => async () =>
    (await screen.lines()).join(' ').replace(/ +/g, ' ').includes(text);
  try {
    await waitFor(() => run.output.includes(program.ready), 'the prompt', 60_000);
    // Only the ready check reads the bytes: not kept from here on.
    run.mark();
    pty.write(prompt);
    await waitForScreen(shown(prompt), 'the typed prompt', 10_000);
    await waitFor(() => run.quiet(300), 'the typed prompt to settle', 10_000);
    const cpuBefore = cpuSecondsOf(pty.pid);
    const bytesBefore = run.bytes;
    pty.write('\r');
    await waitForScreen(shown(three ? PARENT_REPLY : ONE_END), 'the end of the stream', 180_000);
    await waitFor(() => run.quiet(QUIET_MS), 'the screen to go quiet', 30_000);
    const cpuSeconds = cpuSecondsOf(pty.pid) - cpuBefore;
    const bytesWritten = run.bytes - bytesBefore;
    if (!three) {
      return { cpuSeconds, bytesWritten, wrongWords: wordsNotShownOnce(await screen.lines()) };
    }
    // The cards showed the last lines of each thread while it streamed, and a line saying it is
    // done after: no word of a thread is left twice in the history. The whole transcripts are
    // in the expanded view (Ctrl+O), which shows the last lines that fit: the terminal is made
    // tall enough for all of them first.
    const twice = wordsShownTwice(await screen.lines());
    const resizedAt = Date.now();
    run.resize(COLUMNS, TALL_ROWS);
    await waitFor(
      () => run.wroteSince(resizedAt) && run.quiet(500),
      'the redraw after a resize',
      30_000,
    );
    const expandedAt = Date.now();
    pty.write(CTRL_O);
    await waitFor(
      () => run.wroteSince(expandedAt) && run.quiet(QUIET_MS),
      'the transcripts',
      60_000,
    );
    const wrongWords = [...twice, ...wordsNotShownOnce(await screen.lines())];
    return { cpuSeconds, bytesWritten, wrongWords };
  } finally {
    run.close();
  }
}

export interface SubagentsFigures {
  /** Medians of the runs. */
  readonly oneStream: { readonly cpuSeconds: number; readonly bytesWritten: number };
  readonly threeThreads: { readonly cpuSeconds: number; readonly bytesWritten: number };
  /** What was wrong with the words, per run and kind ([] when every word was shown once). */
  readonly problems: readonly string[];
}

export async function benchSubagents(wave: WaveCommand, runs: number): Promise<SubagentsFigures> {
  const server = await startMockLlmProcess(subagentsScenario);
  try {
    const one: StreamRun[] = [];
    const three: StreamRun[] = [];
    for (let i = 0; i < runs; i++) {
      one.push(await runOnce(wave, server.url, false));
      three.push(await runOnce(wave, server.url, true));
    }
    const problems = [
      ...one.map((run, i) => [`one stream, run ${i + 1}`, run.wrongWords] as const),
      ...three.map((run, i) => [`three threads, run ${i + 1}`, run.wrongWords] as const),
    ]
      .filter(([, wrong]) => wrong.length > 0)
      .map(([where, wrong]) => `${where}: not shown exactly once: ${wrong.join(', ')}`);
    const medians = (list: readonly StreamRun[]) => ({
      cpuSeconds: median(list.map((run) => run.cpuSeconds)),
      bytesWritten: median(list.map((run) => run.bytesWritten)),
    });
    return { oneStream: medians(one), threeThreads: medians(three), problems };
  } finally {
    await server.close();
  }
}
