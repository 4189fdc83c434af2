// The real `wave` (dev launcher, from source) in a pseudo-terminal, with the environment the
// interactive tests need: no CI variables (Ink would render only the last frame), a known
// TERM and size, and a private WAVE_HOME.
import { PtyTerminal } from './terminal.js';
import { NODE_ARGS, cleanEnv } from './wave-process.js';

/** Shown in the empty prompt: the UI is up and takes input. */
export const PROMPT_READY = 'Type a message';
/** Shown in the status line while a turn runs. */
export const TURN_RUNNING = 'Esc to stop';

export interface WaveTerminalOptions {
  readonly env: Record<string, string>;
  readonly waveHome: string;
  readonly cwd: string;
  readonly args?: readonly string[];
  readonly cols?: number;
  readonly rows?: number;
  /** Wait for the prompt before returning (default); false when a question comes first. */
  readonly waitForPrompt?: boolean;
}

export async function startWaveTerminal(options: WaveTerminalOptions): Promise<PtyTerminal> {
  const terminal = new PtyTerminal({
    file: process.execPath,
    args: [...NODE_ARGS, ...(options.args ?? [])],
    cwd: options.cwd,
    env: cleanEnv({ TERM: 'xterm-256color', WAVE_HOME: options.waveHome, ...options.env }),
    cols: options.cols ?? 100,
    rows: options.rows ?? 30,
  });
  if (options.waitForPrompt !== false) await terminal.waitFor(PROMPT_READY, 15_000, 'the prompt');
  return terminal;
}

/** Waits until `done` holds for the whole buffer and no turn is running any more. */
export function waitForTurnEnd(
  terminal: PtyTerminal,
  done: (all: string) => boolean,
  timeoutMs = 15_000,
  what = 'the end of the turn',
) {
  return terminal.waitFor(
    (all) => done(all) && !terminal.screen().includes(TURN_RUNNING),
    timeoutMs,
    what,
  );
}

const numberedWord = (prefix: string) => new RegExp(`(?<![\\w-])${prefix}(\\d+)(?![\\w-])`, 'g');

/** The numbers of the numbered words (w1, w2, …) in the order they appear in the text. */
export function wordOrder(text: string, prefix = 'w'): number[] {
  return [...text.matchAll(numberedWord(prefix))].map((match) => Number(match[1]));
}

/** How often each numbered word (w1, w2, …) appears in the text. */
export function wordCounts(text: string, prefix = 'w'): Map<number, number> {
  const counts = new Map<number, number>();
  for (const number of wordOrder(text, prefix)) counts.set(number, (counts.get(number) ?? 0) + 1);
  return counts;
}

/** Words from..to that do not appear exactly once, with their counts; empty when all is well. */
export function wordsNotShownOnce(text: string, from: number, to: number, prefix = 'w'): string[] {
  const counts = wordCounts(text, prefix);
  const wrong: string[] = [];
  for (let n = from; n <= to; n++) {
    const count = counts.get(n) ?? 0;
    if (count !== 1) wrong.push(`${prefix}${n}×${count}`);
  }
  for (const n of counts.keys()) if (n < from || n > to) wrong.push(`${prefix}${n} (unexpected)`);
  return wrong;
}

/** Ctrl+C twice, as a user quits; resolves with the exit code once the process has ended. */
export async function quitWithCtrlC(terminal: PtyTerminal): Promise<number> {
  terminal.write('\u0003');
  await terminal.waitFor('Press Ctrl+C again to exit', 5_000, 'the exit hint');
  terminal.write('\u0003');
  return (await terminal.exited()).exitCode;
}
