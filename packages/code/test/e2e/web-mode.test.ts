// `wave web` as a user starts it (the dev launcher, from source), met over real HTTP and a real
// WebSocket: the one line it prints, what it refuses without the token or from another origin,
// several pages on one session, serving on after stdin ends, and Ctrl+C stopping it cleanly
// with the running turn aborted and saved.
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { start } from '@wave-agent/mock-llm';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connectPage } from './web-page-client.js';
import type { PageClient } from './web-page-client.js';
import { cleanEnv, spawnWave, tempDir } from './wave-process.js';
import type { WaveChild } from './wave-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startWeb(llmUrl: string, args: readonly string[] = []) {
  const home = tempDir('web-home');
  const work = tempDir('web-work');
  const wave = spawnWave(['web', '--no-open', ...args], {
    cwd: work.path,
    env: cleanEnv({
      WAVE_HOME: home.path,
      WAVE_PROVIDER: 'openai',
      WAVE_BASE_URL: `${llmUrl}/v1`,
      WAVE_API_KEY: 'k',
      WAVE_MODEL: 'm',
      WAVE_MAX_RETRIES: '0',
    }),
  });
  cleanups.push(async () => {
    wave.child.kill('SIGKILL');
    await wave.exited().catch(() => undefined);
    home.remove();
    work.remove();
  });
  await wave.waitForStdout((out) => out.includes('\n'), 60_000);
  const url = new URL(wave.stdout().trim());
  return { wave, url, home: home.path, work: work.path };
}

/** A GET with headers fetch() will not send (Host), answered with its status. */
function statusWithHost(url: URL, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { headers: { host } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    sent.once('error', reject);
    sent.end();
  });
}

function upgradeRefusal(url: string, origin: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { origin });
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('open', () => reject(new Error('the socket was accepted')));
    socket.once('error', () => undefined);
  });
}

describe('wave web', () => {
  it('prints one address on 127.0.0.1 with a token, serves the page with a strict CSP, and refuses what lacks the token, the host or the origin', async () => {
    const llm = await start({
      scenario: { name: 'idle', turns: [{ reply: [{ type: 'text', text: 'hi' }] }] },
    });
    cleanups.push(() => llm.close());
    const { wave, url, work } = await startWeb(llm.url);
    expect(wave.stdout()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{20,}\n$/);
    const token = url.searchParams.get('token')!;

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toContain(
      `<meta name="wave-boot" content="{&quot;workdir&quot;:&quot;${work}&quot;}"`,
    );
    expect(html).not.toMatch(/<script>|<script type="module">/);
    expect((await fetch(new URL('/assets/wave.js', url))).status).toBe(200);

    const noToken = await fetch(new URL('/', url));
    expect(noToken.status).toBe(403);
    expect(await noToken.text()).toContain('open the whole address wave web printed');
    expect((await fetch(new URL(`/?token=${token.slice(1)}x`, url))).status).toBe(403);
    // A page of another site whose name was rebound to 127.0.0.1 is not answered.
    expect(await statusWithHost(url, `evil.example:${url.port}`)).toBe(421);
    expect((await fetch(url, { method: 'POST' })).status).toBe(405);

    const socketUrl = `ws://${url.host}/ws`;
    expect(await upgradeRefusal(socketUrl, url.origin)).toBe(403);
    expect(await upgradeRefusal(`${socketUrl}?token=${token}`, 'http://evil.example')).toBe(403);
    expect(
      await upgradeRefusal(
        `${socketUrl}?token=${token}`,
        `http://127.0.0.1:${Number(url.port) + 1}`,
      ),
    ).toBe(403);
    expect(wave.stderr()).toContain('Refused a WebSocket');
  });

  it('lets several pages join one session, keeps serving after stdin ends, and stops cleanly on Ctrl+C with the turn aborted and saved', async () => {
    const llm = await start({
      scenario: {
        name: 'held',
        chunkSize: 4,
        turns: [
          {
            faults: [{ kind: 'hold', afterChunks: 6 }],
            reply: [{ type: 'text', numberedWords: { count: 300 } }],
          },
        ],
      },
    });
    cleanups.push(() => llm.close());
    const { wave, url, work, home } = await startWeb(llm.url);
    // stdin was closed at once (spawnWave ends it): still serving.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await fetch(url)).status).toBe(200);

    const first = await connectPage(url);
    const second = await connectPage(url);
    cleanups.push(first.close, second.close);
    const opened = (await first.peer.request('initialize', { workdir: work })) as {
      sessionId: string;
    };
    const joined = (await second.peer.request('initialize', { workdir: work })) as {
      sessionId: string;
    };
    expect(joined.sessionId).toBe(opened.sessionId);
    // A page may open only the folder wave web serves, and may not choose where the key goes.
    await expect(second.peer.request('initialize', { workdir: '/' })).rejects.toThrow(
      /may only open that folder/,
    );
    await expect(
      second.peer.request('initialize', { workdir: work, baseURL: 'http://evil.example' }),
    ).rejects.toThrow(/may not choose baseURL/);

    await first.peer.request('sendMessage', { sessionId: opened.sessionId, text: 'count' });
    const sawText = (page: PageClient) =>
      page.batches.some((batch) =>
        batch.events.some((event) => event.type === 'assistantContentUpdated'),
      );
    await expect.poll(() => sawText(first) && sawText(second), { timeout: 20_000 }).toBe(true);

    wave.child.kill('SIGINT');
    expect(await wave.exited(30_000)).toBe(0);
    expect(wave.stderr()).toContain('wave web: stopped.');
    // The session file holds what streamed and the turn's end, aborted.
    const sessions = join(home, 'sessions');
    const files = readdirSync(sessions, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.jsonl'));
    expect(files).toHaveLength(1);
    const saved = readFileSync(join(sessions, files[0]!), 'utf8');
    expect(saved).toContain('"stopReason":"aborted"');
    expect(saved).toContain('w1 ');
  });

  it('says in one line what is wrong with its flags', async () => {
    const work = tempDir('web-flags');
    cleanups.push(() => work.remove());
    const env = cleanEnv({ WAVE_HOME: work.path });
    const extra = spawnWave(['web', 'hello'], { cwd: work.path, env });
    expect(await extra.exited()).toBe(2);
    expect(extra.stderr()).toContain('wave web takes no prompt');
    const port = spawnWave(['web', '--port', 'x'], { cwd: work.path, env });
    expect(await port.exited()).toBe(2);
    expect(port.stderr()).toContain('--port must be a port number');
    const misplaced = spawnWave(['--no-open'], { cwd: work.path, env });
    expect(await misplaced.exited()).toBe(2);
    expect(misplaced.stderr()).toContain('--no-open only applies to wave web');
  });
});

export type { WaveChild };
