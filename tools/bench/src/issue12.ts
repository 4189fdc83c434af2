// Issue 12's table, measured in one run against one mock-llm: each row for Wave beside the floor
// (a bare Node client), medians of `runs`, and the ratios the issue's goals are stated in. The
// CPU row also runs the AI SDK's provider alone, the floor for anything built on it.
import { benchHeadless, median } from './headless.js';
import type { Client, ClientFigures, RunFigures } from './headless.js';
import {
  CHUNK_CHARS,
  CONTENT_CHUNKS,
  LONG_REPLY_TEXT,
  issue12Scenario,
  ONE_CHUNK_PROMPT,
  ONE_CHUNK_REPLY,
  REASONING_CHUNKS,
  REPLY_CHARS,
  STREAM_PROMPT,
} from './issue12-reply.js';
import { startMockLlmProcess } from './mock-llm-process.js';
import { benchUiPty } from './ui-pty.js';
import type { PtyFigures } from './ui-pty.js';
import type { WaveCommand } from './wave-command.js';

export interface UiFigures {
  readonly label: string;
  readonly cpuSeconds: number;
  readonly bytes: number;
  readonly frames: number;
  /** Every problem with the words on screen, in any run, at the end or after the resize. */
  readonly problems: readonly string[];
}

export interface Issue12Figures {
  readonly headlessCpu: { floor: number; aiSdk: number; wave: number };
  readonly firstByteMs: { floor: number; wave: number };
  readonly peakRssMiB: { floor: number; wave: number };
  readonly ui: UiFigures;
  /** The UI row for other builds of wave, in the same run (BENCH_UI_COMPARE). */
  readonly uiCompared: readonly UiFigures[];
  readonly replyBytes: number;
}

function medianOf(
  figures: ClientFigures,
  client: Client,
  pick: (run: RunFigures) => number,
): number {
  const runs = figures[client];
  if (!runs || runs.length === 0) throw new Error(`No runs of ${client} were measured.`);
  return median(runs.map(pick));
}

function uiFigures(label: string, runs: readonly PtyFigures[]): UiFigures {
  return {
    label,
    cpuSeconds: median(runs.map((r) => r.cpuSeconds)),
    bytes: median(runs.map((r) => r.bytesWritten)),
    frames: median(runs.map((r) => r.frames)),
    problems: runs.flatMap((run, index) => [
      ...run.problemsAtEnd.map((problem) => `run ${index + 1}, end of the stream: ${problem}`),
      ...run.problemsAfterResize.map((problem) => `run ${index + 1}, after a resize: ${problem}`),
    ]),
  };
}

export async function benchIssue12(
  wave: WaveCommand,
  runs: number,
  compared: readonly WaveCommand[] = [],
): Promise<Issue12Figures> {
  const server = await startMockLlmProcess(issue12Scenario);
  try {
    // One unmeasured round, so disk caches and the mock are warm for all.
    await benchHeadless(wave, server.url, ONE_CHUNK_PROMPT, ONE_CHUNK_REPLY, 1);
    const start = await benchHeadless(wave, server.url, ONE_CHUNK_PROMPT, ONE_CHUNK_REPLY, runs);
    const stream = await benchHeadless(wave, server.url, STREAM_PROMPT, LONG_REPLY_TEXT, runs, [
      'floor',
      'ai-sdk',
      'wave',
    ]);
    const commands = [wave, ...compared];
    const ui = new Map<WaveCommand, PtyFigures[]>(commands.map((command) => [command, []]));
    for (let i = 0; i < runs; i++) {
      for (const command of commands) ui.get(command)?.push(await benchUiPty(command, server.url));
    }
    return {
      headlessCpu: {
        floor: medianOf(stream, 'floor', (r) => r.cpuSeconds),
        aiSdk: medianOf(stream, 'ai-sdk', (r) => r.cpuSeconds),
        wave: medianOf(stream, 'wave', (r) => r.cpuSeconds),
      },
      firstByteMs: {
        floor: medianOf(start, 'floor', (r) => r.firstByteMs),
        wave: medianOf(start, 'wave', (r) => r.firstByteMs),
      },
      peakRssMiB: {
        floor: medianOf(stream, 'floor', (r) => r.maxRssMiB),
        wave: medianOf(stream, 'wave', (r) => r.maxRssMiB),
      },
      ui: uiFigures(wave.label, ui.get(wave) ?? []),
      uiCompared: compared.map((command) => uiFigures(command.label, ui.get(command) ?? [])),
      replyBytes: REPLY_CHARS,
    };
  } finally {
    await server.close();
  }
}

export const ISSUE12_TITLE =
  `Issue 12: ${REASONING_CHUNKS} reasoning + ${CONTENT_CHUNKS.toLocaleString('en')} content chunks of ` +
  `${CHUNK_CHARS} characters, 2 ms apart, from tools/mock-llm; Wave beside the floor (bare Node: fetch, parse SSE, write)`;
