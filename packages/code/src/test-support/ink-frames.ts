// A frame-by-frame harness for Ink. It renders like ink-testing-library (Ink's debug mode:
// every React commit writes one whole frame, synchronously) with a terminal size of the test's
// choosing — ink-testing-library fixes 100 columns and no rows — and keeps EVERY frame, split
// into what Ink wrote to its <Static> history and what it drew in the live area.
//
// In debug mode Ink writes `all static output so far + live output` on each render. A marker
// line placed at the top of the live tree separates the two, so each frame is known exactly:
// its history (which only ever grows), the part of it that is new in this frame, and the live
// area (which a terminal would redraw). `screen` is what a terminal shows: history + live area.

import { EventEmitter } from 'node:events';
import { createElement } from 'react';
import type { ReactElement } from 'react';
import { Box, Text, render } from 'ink';
import { expect } from 'vitest';

// Short, so it never wraps, and made of characters no UI text uses.
const LIVE_MARKER = '⟦⟧';

export interface InkFrame {
  /** Everything written to the history so far (Ink's <Static> output). */
  readonly history: string;
  /** What this frame added to the history. */
  readonly newHistory: string;
  /** The live area (redrawn each frame), without the harness's marker line. */
  readonly live: string;
  /** What the terminal shows: the history followed by the live area. */
  readonly screen: string;
}

class TerminalStdout extends EventEmitter {
  readonly writes: string[] = [];
  isTTY = true;
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  write = (data: string): boolean => {
    this.writes.push(data);
    return true;
  };
}

/** A keyboard for Ink in tests: each write is one chunk of input, as a terminal delivers it. */
export class TerminalStdin extends EventEmitter {
  isTTY = true;
  private data: string | null = null;
  write = (data: string): void => {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  };
  read = (): string | null => {
    const { data } = this;
    this.data = null;
    return data;
  };
  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001B\[[0-?]*[ -/]*[@-~]|\u001B\][^\u0007\u001B]*(?:\u0007|\u001B\\)/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

export interface FrameRecorder {
  /** Every frame so far, in order. */
  readonly frames: readonly InkFrame[];
  readonly lastFrame: () => InkFrame;
  /** Types into the app: each call is one chunk of input, as a terminal sends it. */
  readonly type: (input: string) => void;
  readonly rerender: (element: ReactElement) => void;
  /** Changes the terminal size and tells Ink, like a terminal resize. */
  readonly resize: (columns: number, rows: number) => void;
  readonly unmount: () => void;
  readonly stdout: TerminalStdout;
}

function splitFrame(raw: string, previousHistory: string): InkFrame {
  const markerAt = raw.indexOf(LIVE_MARKER);
  if (markerAt === -1)
    throw new Error(`A frame without the live-area marker: ${JSON.stringify(raw.slice(0, 200))}`);
  const history = raw.slice(0, markerAt);
  const afterMarker = raw.slice(markerAt + LIVE_MARKER.length);
  const live = afterMarker.startsWith('\n') ? afterMarker.slice(1) : afterMarker;
  if (!history.startsWith(previousHistory)) {
    throw new Error(
      'The history changed: what <Static> wrote is never rewritten, so a frame must extend the one before.',
    );
  }
  return {
    history,
    newHistory: history.slice(previousHistory.length),
    live,
    screen: history + live,
  };
}

export interface TerminalOptions {
  readonly columns?: number;
  readonly rows?: number;
}

export function renderFrames(element: ReactElement, options: TerminalOptions = {}): FrameRecorder {
  const stdout = new TerminalStdout(options.columns ?? 100, options.rows ?? 24);
  const stdin = new TerminalStdin();
  const stderr = new TerminalStdout(stdout.columns, stdout.rows);
  const frames: InkFrame[] = [];
  let seen = 0;
  const collect = (): void => {
    for (; seen < stdout.writes.length; seen += 1) {
      const raw = stdout.writes[seen] ?? '';
      // Under CI, Ink ends with a bare newline on unmount: not a frame.
      if (raw.trim() === '' && !raw.includes(LIVE_MARKER)) continue;
      frames.push(splitFrame(raw, frames.at(-1)?.history ?? ''));
    }
  };
  // Frames are collected as they are written, so none is ever missed.
  const write = stdout.write;
  stdout.write = (data: string): boolean => {
    const result = write(data);
    collect();
    return result;
  };
  const wrap = (child: ReactElement): ReactElement =>
    createElement(
      Box,
      { flexDirection: 'column' },
      createElement(Text, { wrap: 'truncate' }, LIVE_MARKER),
      child,
    );
  const instance = render(wrap(element), {
    // The harness's streams stand in for a terminal.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
    stdout: stdout as unknown as NodeJS.WriteStream,
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
    stdin: stdin as unknown as NodeJS.ReadStream,
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
    stderr: stderr as unknown as NodeJS.WriteStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  return {
    frames,
    lastFrame: () => {
      const frame = frames.at(-1);
      if (!frame) throw new Error('Nothing was rendered yet.');
      return frame;
    },
    type: (input) => stdin.write(input),
    rerender: (next) => instance.rerender(wrap(next)),
    resize: (columns, rows) => {
      stdout.columns = columns;
      stdout.rows = rows;
      stdout.emit('resize');
    },
    unmount: () => {
      instance.unmount();
      instance.cleanup();
    },
    stdout,
  };
}

// Taken before any test can install fake timers, so settling never waits for a fake clock.
const realSetImmediate = globalThis.setImmediate;

/**
 * Lets React finish what it scheduled: updates from outside React (agent events) are batched
 * and rendered in a microtask, and effects (subscriptions, input handlers) run after a render.
 */
export async function settle(): Promise<void> {
  // A few turns of the event loop: React's scheduler may hop more than once (it does under
  // fake timers), and a render's effects may schedule another render.
  for (let turn = 0; turn < 3; turn += 1)
    await new Promise<void>((resolve) => realSetImmediate(resolve));
}

export function countOccurrences(haystack: string, needle: string): number {
  if (needle === '') return 0;
  let count = 0;
  let index = haystack.indexOf(needle);
  while (index !== -1) {
    count += 1;
    index = haystack.indexOf(needle, index + needle.length);
  }
  return count;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Occurrences of `word` as a whole word (`w1` does not count inside `w10`). */
export function countWord(haystack: string, word: string): number {
  return haystack.match(new RegExp(`(?<![\\w])${escapeRegExp(word)}(?![\\w])`, 'g'))?.length ?? 0;
}

/**
 * Every whole word matching `pattern` (a RegExp with the g flag) counted per screen: fails on
 * the first frame that shows one twice. One pass per frame, for long outputs.
 */
export function expectNoWordTwiceInAnyFrame(frames: readonly InkFrame[], pattern: RegExp): void {
  frames.forEach((frame, index) => {
    const seen = new Set<string>();
    for (const match of stripAnsi(frame.screen).matchAll(pattern)) {
      if (seen.has(match[0]))
        expect.fail(`frame ${index} shows ${match[0]} twice:\n${stripAnsi(frame.screen)}`);
      seen.add(match[0]);
    }
  });
}

/** The screen of each frame as plain text (no colours). */
export function screens(frames: readonly InkFrame[]): string[] {
  return frames.map((frame) => stripAnsi(frame.screen));
}

/** Fails on the first frame whose screen shows `text` more than once. */
export function expectEachFrameContainsAtMostOnce(frames: readonly InkFrame[], text: string): void {
  expect(frames.length, 'no frames were rendered').toBeGreaterThan(0);
  frames.forEach((frame, index) => {
    const screen = stripAnsi(frame.screen);
    const count = countOccurrences(screen, text);
    if (count > 1) {
      expect.fail(
        `frame ${index} of ${frames.length} shows ${JSON.stringify(text)} ${count} times:\n${screen}`,
      );
    }
  });
}

/**
 * The terminal's whole output after the last frame, the way a terminal shows it: history
 * grows (each frame's new history is written once), the live area is replaced.
 */
export function reconstructTerminal(frames: readonly InkFrame[]): string {
  let history = '';
  let live = '';
  for (const frame of frames) {
    history += frame.newHistory;
    live = frame.live;
  }
  return stripAnsi(history + live);
}

/** Lines the live area of `frame` takes on screen (the harness's marker excluded). */
export function liveHeight(frame: InkFrame): number {
  return frame.live === '' ? 0 : frame.live.split('\n').length;
}
