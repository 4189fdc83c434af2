// The real CLI process: prints where it listens, logs requests on stderr, exits cleanly on SIGINT.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

function runCliProcess(args: string[]) {
  return spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: packageDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Collects a stream's text until `done` says it has enough, or the process ends. */
async function readUntil(
  stream: NodeJS.ReadableStream,
  done: (text: string) => boolean,
): Promise<string> {
  let text = '';
  for await (const chunk of stream) {
    text += String(chunk);
    if (done(text)) break;
  }
  return text;
}

describe('mock-llm CLI', () => {
  it('serves a scenario, logs each request on stderr, and exits 0 on SIGINT', async () => {
    const child = runCliProcess(['--scenario', 'scenarios/simple-text.json']);
    const exited = once(child, 'exit');
    onTestFinished(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    const out = await readUntil(child.stdout, (text) => text.includes('Ctrl-C'));
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    expect(url).toBeDefined();
    expect(out).toContain(`WAVE_PROVIDER=openai WAVE_BASE_URL=${url}/v1`);

    const logged = readUntil(child.stderr, (text) => text.includes('\n'));
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'm', messages: [] }),
    });
    expect(response.status).toBe(200);
    expect(await logged).toBe('#1 POST /v1/chat/completions model=m → turn 0 (attempt 1)\n');

    child.kill('SIGINT');
    expect(await exited).toEqual([0, null]);
  });

  it('exits 2 with a single error line for a bad flag', async () => {
    const child = runCliProcess(['--scenario', 'scenarios/simple-text.json', '--nope']);
    const [stderr, [code]] = await Promise.all([
      readUntil(child.stderr, () => false),
      once(child, 'exit'),
    ]);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([
      'mock-llm: unknown flag --nope (usage: mock-llm --scenario FILE [--port N] [--host HOST])',
    ]);
  });
});
