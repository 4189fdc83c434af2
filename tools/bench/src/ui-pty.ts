// A 2,000-chunk reply streamed from tools/mock-llm into the real `wave` UI under a
// pseudo-terminal: the CPU the wave process spends on it and the bytes it writes to the terminal.
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from '@lydell/node-pty';
import { startMockLlmProcess } from './mock-llm-process.js';

const launcher = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../packages/code/bin/wave-dev.mjs',
);
const CLOCK_TICKS_PER_SECOND = 100;
const NOISE = /^(WAVE_|ANTHROPIC_|OPENAI_|CI$|CONTINUOUS_INTEGRATION$|INIT_CWD$|npm_)/;

export interface PtyFigures {
  readonly chunks: number;
  readonly cpuSeconds: number;
  readonly bytesWritten: number;
}

/** user + system CPU of a process so far, from /proc (Linux). */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
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

export async function benchUiPty(chunks: number): Promise<PtyFigures> {
  const server = await startMockLlmProcess({
    name: 'ui-pty-bench',
    chunkSize: 5,
    delayMs: 2,
    turns: [
      {
        reply: [
          { type: 'text', repeat: { pattern: 'word ', count: chunks - 1 } },
          { type: 'text', text: 'THE-END' },
        ],
      },
    ],
  });
  const home = mkdtempSync(join(tmpdir(), 'wave-bench-pty-'));
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env))
    if (value !== undefined && !NOISE.test(key)) env[key] = value;
  Object.assign(env, {
    TERM: 'xterm-256color',
    WAVE_HOME: home,
    WAVE_PROVIDER: 'openai',
    WAVE_BASE_URL: `${server.url}/v1`,
    WAVE_API_KEY: 'bench',
    WAVE_MODEL: 'bench',
  });
  const pty = spawn(process.execPath, ['--conditions=@wave-agent/source', launcher], {
    cols: 100,
    rows: 30,
    cwd: home,
    env,
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
    pty.write('stream please');
    await new Promise((r) => setTimeout(r, 200));
    const cpuBefore = cpuSecondsOf(pty.pid);
    const bytesBefore = bytes;
    pty.write('\r');
    // The reply is over when its last word is shown and the UI has gone quiet.
    await waitFor(
      () => output.includes('THE-END') && Date.now() - lastDataAt > 1500,
      'the end of the reply',
      120_000,
    );
    return {
      chunks,
      cpuSeconds: cpuSecondsOf(pty.pid) - cpuBefore,
      bytesWritten: bytes - bytesBefore,
    };
  } finally {
    pty.kill();
    await server.close();
    rmSync(home, { recursive: true, force: true });
  }
}
