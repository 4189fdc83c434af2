// Memory and disk for a long reply in small chunks (issue 9 §7): the same text in 8- and in
// 32-character chunks, each through an Agent in its own process (peak RSS is per process). What
// is kept per streamed character should hardly depend on the chunk size: the session file
// writes a delta that continues the previous one as its chunk alone, and streamText's unread
// tee branch no longer buffers every part of the call.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockLlmProcess } from './mock-llm-process.js';

export interface LongReplyFigures {
  readonly chunkSize: number;
  readonly chars: number;
  readonly maxRssMiB: number;
  readonly sessionBytesPerChar: number;
}

const child = join(dirname(fileURLToPath(import.meta.url)), 'long-reply-child.ts');
const tsx = createRequire(import.meta.url).resolve('tsx');
const PATTERN = 'long replies ';

function runChild(mockUrl: string, home: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      ['--conditions=@wave-agent/source', '--import', tsx, child],
      {
        env: { ...process.env, MOCK_URL: mockUrl, BENCH_HOME: home },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    proc.stdout.setEncoding('utf8').on('data', (data: string) => (out += data));
    proc.once('error', reject);
    proc.once('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`the long-reply child exited with ${code}`)),
    );
  });
}

interface ChildFigures {
  readonly maxRssBytes: number;
  readonly sessionBytes: number;
  readonly chars: number;
}

function childFigures(value: unknown): ChildFigures {
  const record = typeof value === 'object' && value !== null ? value : {};
  const number = (key: keyof ChildFigures): number => {
    const field: unknown = Reflect.get(record, key);
    if (typeof field !== 'number') throw new Error(`the long-reply child did not report ${key}`);
    return field;
  };
  return {
    maxRssBytes: number('maxRssBytes'),
    sessionBytes: number('sessionBytes'),
    chars: number('chars'),
  };
}

export async function benchLongReply(chars: number, chunkSize: number): Promise<LongReplyFigures> {
  const server = await startMockLlmProcess({
    name: 'long-reply',
    chunkSize,
    turns: [
      {
        reply: [
          { type: 'text', repeat: { pattern: PATTERN, count: Math.round(chars / PATTERN.length) } },
        ],
      },
    ],
  });
  const home = mkdtempSync(join(tmpdir(), 'wave-bench-long-'));
  try {
    const figures = childFigures(JSON.parse(await runChild(server.url, home)));
    return {
      chunkSize,
      chars: figures.chars,
      maxRssMiB: figures.maxRssBytes / 1024 / 1024,
      sessionBytesPerChar: figures.sessionBytes / figures.chars,
    };
  } finally {
    await server.close();
    rmSync(home, { recursive: true, force: true });
  }
}
