// Memory while a long reply streams in small chunks (issue 9 §7): what the process keeps per
// chunk must not grow with the reply. Measured in a real process with a real mock server: the
// heap after a full GC at two points of the same call, so start-up costs do not count. Through
// streamText it was about 275 bytes per 8-character chunk (a tee's unread branch kept every part,
// and three accumulators inside the AI SDK kept the text as ropes), then 130 without the tee; the
// provider's own stream (doStream) keeps nothing, and what remains is the text (about 22 bytes
// per chunk here, the state's text joined by the reducer, grown-text.ts).
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
const MAX_BYTES_PER_CHUNK = 60;

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
