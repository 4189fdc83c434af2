// WebSearch with the backends of settings' `webSearch`, against real servers on 127.0.0.1 that
// answer as SearXNG's JSON API and Brave's Search API do.
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contextFor } from '../test-kit.js';
import type { ToolSession } from '../tool-session.js';
import { searchBackend } from './search-backends.js';
import type { WebSearchSettings } from './search-backends.js';
import { webSearchTool } from './web-search.js';

interface Seen {
  readonly url: string;
  readonly token: string | undefined;
}

let server: http.Server;
let base: string;
const seen: Seen[] = [];

const RESULTS = [
  {
    title: 'Widget 5 released',
    url: 'https://blog.widget.dev/v5',
    content: 'TOML config, faster parser.',
  },
  { title: 'Widget on GitHub', url: 'https://github.com/widget/widget', content: 'Source code.' },
  { title: 'Spam about widgets', url: 'https://spam.example/widgets', content: 'Buy now.' },
];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const token = request.headers['x-subscription-token'];
    seen.push({ url: request.url ?? '', token: typeof token === 'string' ? token : undefined });
    if (url.pathname === '/searx/search' && url.searchParams.get('format') === 'json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ query: url.searchParams.get('q'), results: RESULTS }));
    } else if (url.pathname === '/brave') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          web: {
            results: RESULTS.map(({ content, ...rest }) => ({ ...rest, description: content })),
          },
        }),
      );
    } else {
      response.writeHead(403);
      response.end('Forbidden');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
});

function searchWith(settings: WebSearchSettings, env: Record<string, string> = {}) {
  const session: ToolSession = {
    setTodos: () => undefined,
    webSearch: searchBackend(settings, env),
  };
  return (input: Record<string, unknown>) =>
    webSearchTool.execute(input, contextFor('/', { session }));
}

describe('WebSearch', () => {
  it('searches SearXNG and gives numbered links with snippets to cite', async () => {
    const result = await searchWith({ provider: 'searxng', url: `${base}/searx` })({
      query: 'widget 5',
    });
    expect(result).toEqual({
      output: [
        'Web search for "widget 5":',
        '',
        '1. [Widget 5 released](https://blog.widget.dev/v5)',
        '   TOML config, faster parser.',
        '2. [Widget on GitHub](https://github.com/widget/widget)',
        '   Source code.',
        '3. [Spam about widgets](https://spam.example/widgets)',
        '   Buy now.',
        '',
        'Cite the sources you use as Markdown links [title](url).',
      ].join('\n'),
    });
    expect(seen.map((request) => request.url)).toEqual(['/searx/search?q=widget+5&format=json']);
  });

  it('keeps allowed domains only (asking for them too) and drops blocked ones', async () => {
    const search = searchWith({ provider: 'searxng', url: `${base}/searx` });
    const allowed = await search({
      query: 'widget',
      allowed_domains: ['widget.dev', 'github.com'],
      blocked_domains: ['github.com'],
    });
    expect(allowed.output).toContain('1. [Widget 5 released](https://blog.widget.dev/v5)');
    expect(allowed.output).not.toContain('github.com/widget');
    expect(allowed.output).not.toContain('spam.example');
    expect(seen[0]?.url).toContain('q=widget+%28site%3Awidget.dev+OR+site%3Agithub.com%29');
  });

  it("searches Brave's API with the key its variable holds", async () => {
    const result = await searchWith(
      { provider: 'brave', apiKeyEnv: 'BRAVE_KEY', url: `${base}/brave` },
      { BRAVE_KEY: 'k-123' },
    )({ query: 'widget' });
    expect(result.output).toContain(
      '2. [Widget on GitHub](https://github.com/widget/widget)\n   Source code.',
    );
    expect(seen).toEqual([{ url: '/brave?q=widget&count=10', token: 'k-123' }]);
  });

  it('says what to do when the key is not set, or the backend refuses', async () => {
    const noKey = await searchWith({
      provider: 'brave',
      apiKeyEnv: 'BRAVE_KEY',
      url: `${base}/brave`,
    })({ query: 'widget' });
    expect(noKey).toEqual({
      isError: true,
      output:
        "WebSearch could not search: settings' webSearch names the key variable BRAVE_KEY, which is not set. Set it, or configure another backend.",
    });
    const refused = await searchWith({ provider: 'searxng', url: `${base}/elsewhere` })({
      query: 'widget',
    });
    expect(refused).toEqual({
      isError: true,
      output: `WebSearch could not search: SearXNG at ${base} answered HTTP 403. Turn on its JSON format (search.formats: [html, json] in its settings.yml).`,
    });
    expect(seen.map((request) => request.url)).toEqual(['/elsewhere/search?q=widget&format=json']);
  });

  it('says how to configure a backend when there is none', async () => {
    const result = await webSearchTool.execute({ query: 'widget' }, contextFor('/'));
    expect(result.isError).toBe(true);
    expect(result.output).toMatch(
      /^WebSearch has no search backend here\. .*"webSearch" in ~\/\.wave\/settings\.json/,
    );
  });
});
