// WebFetch and WebSearch in the chat UI, whole: a real `wave web` whose model (tools/mock-llm)
// reads a page of a local site (allowed by a rule naming 127.0.0.1, as a user's own service must
// be) and searches a local SearXNG-shaped JSON endpoint, in real Chromium. The fetch card shows the
// page's title, address and size as its look says; the search card lists the results as links;
// the page's scripts and banner never reach the model.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Scenario } from '@wave-agent/mock-llm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../harness/chat.js';
import { useChatFixture } from '../harness/chat-fixture.js';

const ARTICLE = `<!doctype html><html><head><title>Widget 5 is out</title>
<script>window.TRACKER = "SCRIPT-TEXT";</script><style>.x{color:red}</style></head>
<body><nav><a href="/">Home</a> <a href="/blog">Blog</a></nav>
<div class="cookie-banner">COOKIE-BANNER-TEXT: we use cookies</div>
<main><article><h1>Widget 5 is out</h1>
<p>Widget 5 replaces the INI configuration with TOML. Every setting keeps its name, and the
old file is read once and written back as TOML, so nothing is lost on the upgrade.</p>
<h2>How to upgrade</h2><p>Run the upgrade command, then check the new file into the repository.
The command says which settings it moved and which it could not read.</p>
<p>Widget 5 also starts twice as fast as Widget 4 on a cold cache, measured on the project's
own benchmark suite across three operating systems.</p></article></main>
<footer>FOOTER-TEXT</footer></body></html>`;

const SEARCH_RESULTS = {
  results: [
    { title: 'Widget docs', url: 'https://docs.example/widget', content: 'The manual.' },
    { title: 'Widget 5 notes', url: 'https://blog.example/widget-5', content: 'What changed.' },
  ],
};

let site: Server;
let base = '';
const searched: string[] = [];

beforeAll(async () => {
  site = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/article') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(ARTICLE);
      return;
    }
    if (url.pathname === '/search') {
      searched.push(url.searchParams.get('q') ?? '');
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(SEARCH_RESULTS));
      return;
    }
    response.writeHead(404);
    response.end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

const scenario = (): Scenario => ({
  name: 'read and search',
  turns: [
    // Matched first to last: the search's result, the fetch's result, the side request, the ask.
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

const fx = useChatFixture({
  settings: () => ({
    permissions: { allow: ['WebFetch(domain:127.0.0.1)', 'WebSearch'] },
    webSearch: { provider: 'searxng', url: base },
  }),
});

describe('the web tools in the chat UI', () => {
  it('shows the fetched page and the search results on their cards, and the model never sees the chrome', async () => {
    const { page } = fx.tab;
    fx.llm.setScenario(scenario());
    await send(page, 'read the page and search for the docs');
    await page.getByText('Read and searched.').waitFor({ timeout: 60_000 });

    const fetchCard = page.locator('.tool-card[data-tool-name="WebFetch"]');
    expect(await fetchCard.getAttribute('data-tool-kind')).toBe('fetch');
    const pageLink = fetchCard.locator('.view-link a');
    expect(await pageLink.getAttribute('href')).toBe(`${base}/article`);
    expect(await pageLink.textContent()).toBe('Widget 5 is out');
    expect(await fetchCard.locator('.view-key-values dt').allTextContents()).toEqual([
      'title',
      'size',
      'type',
    ]);
    expect(await fetchCard.locator('.tool-output').textContent()).toContain('TOML replaces INI.');

    const searchCard = page.locator('.tool-card[data-tool-name="WebSearch"]');
    expect(await searchCard.getAttribute('data-tool-kind')).toBe('search');
    const links = searchCard.locator('.view-link a');
    expect(await links.allTextContents()).toEqual(['Widget docs', 'Widget 5 notes']);
    expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual([
      'https://docs.example/widget',
      'https://blog.example/widget-5',
    ]);
    expect(searched).toEqual(['widget 5 docs']);

    // What any model was sent: the article's words, none of its scripts, banner or footer.
    const sent = JSON.stringify(fx.llm.requests.map((request) => request.body));
    expect(sent).toContain('How to upgrade');
    for (const chrome of ['SCRIPT-TEXT', 'COOKIE-BANNER-TEXT', 'FOOTER-TEXT'])
      expect(sent).not.toContain(chrome);
  });
});
