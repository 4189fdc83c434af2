// The web as the web tools' tests in every host meet it: a local site on 127.0.0.1 with an
// article page (navigation, a script, a cookie banner, a footer: what must never reach a model)
// and a SearXNG-shaped JSON search endpoint, and the scenario in which the model reads the page
// with WebFetch (the side request answers from it), then searches with WebSearch, then replies.
import { createServer } from 'node:http';
import type { Scenario } from '../scenario/scenario-types.js';

export const WEB_ARTICLE_TITLE = 'Widget 5 is out';
/** Words of the page that are its chrome, not its article: no model may be sent them. */
export const WEB_PAGE_CHROME = ['SCRIPT-TEXT', 'COOKIE-BANNER-TEXT', 'FOOTER-TEXT'] as const;
export const WEB_SEARCH_RESULTS = [
  { title: 'Widget docs', url: 'https://docs.example/widget', content: 'The manual.' },
  { title: 'Widget 5 notes', url: 'https://blog.example/widget-5', content: 'What changed.' },
] as const;
/** The side request's answer, which the main model gets as WebFetch's result. */
export const WEB_FETCH_ANSWER = 'TOML replaces INI.';
export const WEB_TOOLS_REPLY = 'Read and searched.';
export const WEB_TOOLS_PROMPT = 'read the page and search for the docs';

const ARTICLE = `<!doctype html><html><head><title>${WEB_ARTICLE_TITLE}</title>
<script>window.TRACKER = "SCRIPT-TEXT";</script><style>.x{color:red}</style></head>
<body><nav><a href="/">Home</a> <a href="/blog">Blog</a></nav>
<div class="cookie-banner">COOKIE-BANNER-TEXT: we use cookies</div>
<main><article><h1>${WEB_ARTICLE_TITLE}</h1>
<p>Widget 5 replaces the INI configuration with TOML. Every setting keeps its name, and the
old file is read once and written back as TOML, so nothing is lost on the upgrade.</p>
<h2>How to upgrade</h2><p>Run the upgrade command, then check the new file into the repository.
The command says which settings it moved and which it could not read.</p>
<p>Widget 5 also starts twice as fast as Widget 4 on a cold cache, measured on the project's
own benchmark suite across three operating systems.</p></article></main>
<footer>FOOTER-TEXT</footer></body></html>`;

export interface WebToolsSite {
  /** `http://127.0.0.1:PORT`; the article is at `/article`, the search at `/search`. */
  readonly base: string;
  /** The queries the search endpoint was asked, in order. */
  readonly searched: readonly string[];
  close(): Promise<void>;
}

export async function startWebToolsSite(): Promise<WebToolsSite> {
  const searched: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/article') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(ARTICLE);
    } else if (url.pathname === '/search') {
      searched.push(url.searchParams.get('q') ?? '');
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ results: WEB_SEARCH_RESULTS }));
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    base: `http://127.0.0.1:${port}`,
    searched,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The user's settings that let Wave read the site: a rule naming 127.0.0.1, the search backend. */
export function webToolsSettings(base: string): Record<string, unknown> {
  return {
    permissions: { allow: ['WebFetch(domain:127.0.0.1)', 'WebSearch'] },
    webSearch: { provider: 'searxng', url: base },
  };
}

/** Matched first to last: the search's result, the fetch's result, the side request, the ask. */
export function webToolsScenario(base: string): Scenario {
  return {
    name: 'read and search',
    turns: [
      {
        match: { lastToolResultContains: WEB_SEARCH_RESULTS[0].title },
        reply: [{ type: 'text', text: WEB_TOOLS_REPLY }],
      },
      {
        match: { lastToolResultContains: WEB_FETCH_ANSWER },
        reply: [{ type: 'tool_call', name: 'WebSearch', input: { query: 'widget 5 docs' } }],
      },
      {
        match: { lastUserContains: 'How to upgrade' },
        reply: [{ type: 'text', text: WEB_FETCH_ANSWER }],
      },
      {
        match: { lastUserContains: WEB_TOOLS_PROMPT },
        reply: [
          {
            type: 'tool_call',
            name: 'WebFetch',
            input: { url: `${base}/article`, prompt: 'What changed in Widget 5?' },
          },
        ],
      },
    ],
  };
}
