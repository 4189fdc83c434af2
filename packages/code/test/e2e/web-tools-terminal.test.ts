// WebFetch and WebSearch in the real `wave` in a pseudo-terminal, against tools/mock-llm, a local
// site and a local SearXNG-shaped search endpoint (a rule in the user's settings names
// 127.0.0.1, as a user's own service needs): the fetch card shows the page's title and address,
// the search card its results with their addresses, each once in the whole scrollback, also after
// resizes; the page's scripts and banner never reach the model.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { providerEnv, startMock } from './mock-model.js';
import { KEYS } from './terminal.js';
import { startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';
import { useE2eFixture } from './e2e-fixture.js';

const fx = useE2eFixture();

const ARTICLE = `<!doctype html><html><head><title>Widget 5 is out</title>
<script>window.TRACKER = "SCRIPT-TEXT";</script></head>
<body><nav><a href="/">Home</a></nav><div class="cookie-banner">COOKIE-BANNER-TEXT</div>
<main><article><h1>Widget 5 is out</h1>
<p>Widget 5 replaces the INI configuration with TOML. Every setting keeps its name, and the old
file is read once and written back as TOML, so nothing is lost on the upgrade.</p>
<h2>How to upgrade</h2><p>Run the upgrade command, then check the new file into the repository.
The command says which settings it moved and which it could not read.</p></article></main>
</body></html>`;

let site: Server;
let base = '';

beforeEach(async () => {
  site = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/article') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(ARTICLE);
    } else if (url.pathname === '/search') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          results: [
            { title: 'Widget docs', url: 'https://docs.example/widget', content: 'The manual.' },
            { title: 'Widget 5 notes', url: 'https://blog.example/w5', content: 'Changes.' },
          ],
        }),
      );
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

const count = (all: string, text: string) => all.split(text).length - 1;

describe('the web tools in the terminal', { timeout: 90_000 }, () => {
  it('draws the fetch and search cards with their pages, each once, also after resizes', async () => {
    fx.mock = await startMock({
      name: 'read and search',
      turns: [
        {
          match: { lastToolResultContains: 'Widget docs' },
          reply: [{ type: 'text', text: 'Read and searched.' }],
        },
        {
          match: { lastToolResultContains: 'TOML replaces INI' },
          reply: [{ type: 'tool_call', name: 'WebSearch', input: { query: 'widget 5 docs' } }],
        },
        {
          match: { lastUserContains: 'How to upgrade' },
          reply: [{ type: 'text', text: 'TOML replaces INI.' }],
        },
        {
          match: { lastUserContains: 'read the page' },
          reply: [
            {
              type: 'tool_call',
              name: 'WebFetch',
              input: { url: `${base}/article`, prompt: 'What changed in Widget 5?' },
            },
          ],
        },
      ],
    });
    writeFileSync(
      join(fx.home.path, 'settings.json'),
      JSON.stringify({
        permissions: { allow: ['WebFetch(domain:127.0.0.1)', 'WebSearch'] },
        webSearch: { provider: 'searxng', url: base },
      }),
    );
    const wave = await startWaveTerminal({
      env: providerEnv('openai', fx.mock.url),
      waveHome: fx.home.path,
      cwd: fx.work.path,
    });
    fx.terminal = wave;
    await wave.submit('read the page and search for the docs');
    await wave.waitFor('Read and searched.', 30_000, 'the reply');
    await waitForTurnEnd(wave, (all) => all.includes('Read and searched.'));
    // Collapsed, each card sums up what it got in one line: the page's title and size, the
    // number of results and their titles.
    const all = wave.text();
    expect(count(all, 'WebFetch http://127.0.0.1:')).toBe(1);
    expect(all).toMatch(/Widget 5 is out · \d+ B/);
    expect(count(all, '2 results: Widget docs · Widget 5 notes')).toBe(1);

    for (const width of [60, 120]) {
      await wave.resize(width);
      const after = await wave.waitFor(
        (text) => text.split('\n').some((line) => /^─+$/.test(line) && line.length === width),
        10_000,
        `the rule at ${width} columns`,
      );
      expect(count(after, 'WebFetch http://127.0.0.1:'), `at ${width}`).toBe(1);
      expect(count(after, 'Widget 5 notes'), `at ${width}`).toBe(1);
    }

    // Ctrl+O: the search card lists each result under its title with its address (a link
    // needs no label), and the fetch card the answer the model got.
    wave.write(KEYS.ctrlO);
    const expanded = await wave.waitFor('https://blog.example/w5', 10_000, 'the expanded view');
    expect(expanded).toContain('    Widget docs https://docs.example/widget\n');
    expect(expanded).toContain('    Widget 5 notes https://blog.example/w5\n');
    expect(expanded).not.toMatch(/^\s*link$/m);
    expect(expanded).toContain('TOML replaces INI.');
    wave.write(KEYS.ctrlO);

    const sent = JSON.stringify(fx.mock.requests.map((request) => request.body));
    expect(sent).toContain('How to upgrade');
    for (const chrome of ['SCRIPT-TEXT', 'COOKIE-BANNER-TEXT']) expect(sent).not.toContain(chrome);
  });
});
