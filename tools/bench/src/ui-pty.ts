// Issue 12's interactive rows: the issue's reply streamed into the real `wave` UI under a
// pseudo-terminal (node-pty, 100×30, as the e2e tests run it): the CPU the wave process spends
// from Enter until the screen has gone quiet after the last word, and the bytes it writes to the
// terminal meanwhile.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from '@lydell/node-pty';
import { benchEnv } from './bench-env.js';
import { END_MARKER, STREAM_PROMPT } from './issue12-reply.js';
import { cpuSecondsOf } from './process-cpu.js';
import type { WaveCommand } from './wave-command.js';

/** The screen is quiet when nothing was written for this long after the last word. */
const QUIET_MS = 1500;

export interface PtyFigures {
  readonly cpuSeconds: number;
  readonly bytesWritten: number;
}

function waitFor(check: () => boolean, what: string, timeoutMs: number): Promise<void> {
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

export async function benchUiPty(wave: WaveCommand, mockUrl: string): Promise<PtyFigures> {
  const home = mkdtempSync(join(tmpdir(), 'wave-bench-pty-'));
  const pty = spawn(process.execPath, [...wave.nodeArgs], {
    name: 'xterm-256color',
    cols: 100,
    rows: 30,
    cwd: home,
    env: benchEnv({ mockUrl, home, extra: { TERM: 'xterm-256color' } }),
  });
  let output = '';
  let bytes = 0;
  let lastDataAt = Date.now();
  pty.onData((data) => {
    output += data;
    bytes += Buffer.byteLength(data);
    lastDataAt = Date.now();
  });
  try {
    await waitFor(() => output.includes('Type a message'), 'the prompt', 30_000);
    pty.write(STREAM_PROMPT);
    await waitFor(() => output.includes(STREAM_PROMPT), 'the typed prompt', 10_000);
    await waitFor(() => Date.now() - lastDataAt > 300, 'the typed prompt to settle', 10_000);
    const cpuBefore = cpuSecondsOf(pty.pid);
    const bytesBefore = bytes;
    output = '';
    pty.write('\r');
    await waitFor(
      () => output.includes(END_MARKER) && Date.now() - lastDataAt > QUIET_MS,
      'the end of the reply',
      180_000,
    );
    return { cpuSeconds: cpuSecondsOf(pty.pid) - cpuBefore, bytesWritten: bytes - bytesBefore };
  } finally {
    pty.kill();
    rmSync(home, { recursive: true, force: true });
  }
}
