// Issue 12's table, measured in one run against one mock-llm: each row for Wave beside the floor
// (a bare Node client), medians of `runs`, and the ratios the issue's goals are stated in.
import { benchHeadlessPair, median } from './headless.js';
import type { RunFigures } from './headless.js';
import {
  CHUNK_CHARS,
  CONTENT_CHUNKS,
  END_MARKER,
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
import { benchWebUi } from './web-ui.js';
import type { WebUiFigures } from './web-ui.js';
import type { WaveCommand } from './wave-command.js';

export interface Issue12Figures {
  readonly headlessCpu: { floor: number; wave: number };
  readonly firstByteMs: { floor: number; wave: number };
  readonly peakRssMiB: { floor: number; wave: number };
  readonly uiCpuSeconds: number;
  readonly uiBytes: number;
  readonly replyBytes: number;
  /** The same reply in the web UI (wave web and Chromium). */
  readonly web: WebUiFigures;
}

function expectedReply(): string {
  const paragraph = 'stream these words now. '.repeat(9) + 'end of paragraph here.\n\n';
  return paragraph.repeat((CONTENT_CHUNKS * CHUNK_CHARS) / paragraph.length) + END_MARKER;
}

const medianOf = (runs: readonly RunFigures[], pick: (run: RunFigures) => number) =>
  median(runs.map(pick));

export async function benchIssue12(wave: WaveCommand, runs: number): Promise<Issue12Figures> {
  const server = await startMockLlmProcess(issue12Scenario);
  try {
    // One unmeasured round, so disk caches and the mock are warm for both.
    await benchHeadlessPair(wave, server.url, ONE_CHUNK_PROMPT, ONE_CHUNK_REPLY, 1);
    const start = await benchHeadlessPair(
      wave,
      server.url,
      ONE_CHUNK_PROMPT,
      ONE_CHUNK_REPLY,
      runs,
    );
    const stream = await benchHeadlessPair(wave, server.url, STREAM_PROMPT, expectedReply(), runs);
    const ui: PtyFigures[] = [];
    for (let i = 0; i < runs; i++) ui.push(await benchUiPty(wave, server.url));
    const web = await benchWebUi(wave, server.url, runs);
    return {
      headlessCpu: {
        floor: medianOf(stream.floor, (r) => r.cpuSeconds),
        wave: medianOf(stream.wave, (r) => r.cpuSeconds),
      },
      firstByteMs: {
        floor: medianOf(start.floor, (r) => r.firstByteMs),
        wave: medianOf(start.wave, (r) => r.firstByteMs),
      },
      peakRssMiB: {
        floor: medianOf(stream.floor, (r) => r.maxRssMiB),
        wave: medianOf(stream.wave, (r) => r.maxRssMiB),
      },
      uiCpuSeconds: median(ui.map((r) => r.cpuSeconds)),
      uiBytes: median(ui.map((r) => r.bytesWritten)),
      replyBytes: REPLY_CHARS,
      web,
    };
  } finally {
    await server.close();
  }
}

export const ISSUE12_TITLE =
  `Issue 12: ${REASONING_CHUNKS} reasoning + ${CONTENT_CHUNKS.toLocaleString('en')} content chunks of ` +
  `${CHUNK_CHARS} characters, 2 ms apart, from tools/mock-llm; Wave beside the floor (bare Node: fetch, parse SSE, write)`;
