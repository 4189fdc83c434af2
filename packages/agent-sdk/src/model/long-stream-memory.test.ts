// Memory while a long reply streams in small chunks (issue 9 §7): what the process keeps per
// chunk must not grow with the reply. streamText hands out its stream as one branch of a tee;
// the other branch, read by no one, used to keep every part of the call until it ended (~145
// bytes per chunk more). Measured in a real process with a real mock server: the heap after a
// full GC at two points of the same call, so start-up costs do not count. What remains is about
// 130 bytes per chunk: the text, kept as a rope (one 32-byte node per chunk) by the conversation
// state and by three accumulators inside the AI SDK; with the spare branch it was about 275.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { start } from '@wave-agent/mock-llm';
import { expect, it } from 'vitest';

const FIRST = 5_000;
const LAST = 25_000;
/** Bytes the heap may keep per 8-character chunk while the call is open. */
const MAX_BYTES_PER_CHUNK = 200;

const here = dirname(fileURLToPath(import.meta.url));
const tsx = createRequire(import.meta.url).resolve('tsx');

it(`keeps at most ${MAX_BYTES_PER_CHUNK} bytes per chunk while a long reply streams`, async () => {
  const mock = await start({
    scenario: {
      name: 'long',
      chunkSize: 8,
      turns: [{ reply: [{ type: 'text', repeat: { pattern: 'abcdefgh', count: LAST + 100 } }] }],
    },
  });
  const home = mkdtempSync(join(tmpdir(), 'wave-heap-'));
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      '--conditions=@wave-agent/source',
      '--import',
      tsx,
      join(here, '../test-support/heap-child.ts'),
    ],
    {
      env: {
        ...process.env,
        MOCK_URL: mock.url,
        WAVE_HOME: home,
        WORKDIR: home,
        FIRST: String(FIRST),
        LAST: String(LAST),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no heap figures within 60 s')), 60_000);
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (data: string) => {
        out += data;
        if (!out.includes('\n')) return;
        clearTimeout(timer);
        resolve(out);
      });
    });
    const { atFirst, atLast } = JSON.parse(line) as { atFirst: number; atLast: number };
    expect((atLast - atFirst) / (LAST - FIRST)).toBeLessThan(MAX_BYTES_PER_CHUNK);
  } finally {
    child.kill('SIGKILL');
    await mock.close();
    rmSync(home, { recursive: true, force: true });
  }
}, 90_000);
