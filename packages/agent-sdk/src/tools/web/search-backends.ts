// Where WebSearch asks, for models without a search of their own: the settings' `webSearch`
// backend. SearXNG's JSON API (keyless, self-hostable) or Brave's Search API (a key named by
// `apiKeyEnv`). The endpoint is the user's own choice (their SearXNG is often on localhost), so
// it is reached as configured, not through WebFetch's address rules.
import { errorText } from '@wave-agent/shared-protocol';
import { httpFetch } from '../../model/http-fetch.js';

export type WebSearchSettings =
  | { readonly provider: 'searxng'; readonly url: string }
  | { readonly provider: 'brave'; readonly apiKeyEnv: string; readonly url?: string };

export interface SearchResult {
  readonly title: string;
  readonly url: string;
  readonly snippet?: string;
}

export interface SearchRequest {
  readonly query: string;
  readonly signal: AbortSignal;
  readonly allowedDomains?: readonly string[];
  readonly blockedDomains?: readonly string[];
}

export interface SearchOutcome {
  readonly results: readonly SearchResult[];
  /** A model's summary of the results (Anthropic's server-side search). */
  readonly summary?: string;
  /** The query the search ran, when it is not the one asked. */
  readonly query?: string;
}

/** A search backend: its outcome, or a sentence saying what went wrong. */
export type SearchBackend = (request: SearchRequest) => Promise<SearchOutcome | string>;

/** Allowed domains narrow the query too, so a backend spends its results where they are wanted. */
function withSites(query: string, domains: readonly string[] = []): string {
  const sites = domains.map((domain) => `site:${domain}`).join(' OR ');
  return sites === '' ? query : `${query} (${sites})`;
}

const BRAVE_URL = 'https://api.search.brave.com/res/v1/web/search';
const MAX_RESULTS = 10;
const TIMEOUT_MS = 30_000;

function field(value: unknown, name: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const found: unknown = Reflect.get(value, name);
  return typeof found === 'string' && found.trim() !== '' ? found.trim() : undefined;
}

function resultsOf(list: unknown, snippetField: string): SearchResult[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown): SearchResult[] => {
    const title = field(item, 'title');
    const url = field(item, 'url');
    const snippet = field(item, snippetField);
    return title && url ? [{ title, url, ...(snippet ? { snippet } : {}) }] : [];
  });
}

async function getJson(
  url: URL,
  headers: Record<string, string>,
  signal: AbortSignal,
  name: string,
): Promise<unknown> {
  let response: Response;
  try {
    response = await httpFetch(url, {
      headers: { accept: 'application/json', ...headers },
      signal: AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]),
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new Error(`${name} at ${url.origin} could not be reached: ${errorText(error)}.`, {
      cause: error,
    });
  }
  if (!response.ok)
    throw new Error(
      `${name} at ${url.origin} answered HTTP ${response.status}.${response.status === 403 && name === 'SearXNG' ? ' Turn on its JSON format (search.formats: [html, json] in its settings.yml).' : ''}`,
    );
  try {
    const body: unknown = await response.json();
    return body;
  } catch (error) {
    throw new Error(`${name} at ${url.origin} did not answer JSON.`, { cause: error });
  }
}

/** The backend the settings describe; a sentence when it cannot be used as configured. */
export function searchBackend(
  settings: WebSearchSettings,
  env: Readonly<Record<string, string | undefined>>,
): SearchBackend {
  return async ({ query: asked, signal, allowedDomains }) => {
    const query = withSites(asked, allowedDomains);
    try {
      if (settings.provider === 'searxng') {
        const url = new URL(
          'search',
          settings.url.endsWith('/') ? settings.url : `${settings.url}/`,
        );
        url.searchParams.set('q', query);
        url.searchParams.set('format', 'json');
        const body = await getJson(url, {}, signal, 'SearXNG');
        return {
          results: resultsOf(
            typeof body === 'object' && body !== null ? Reflect.get(body, 'results') : undefined,
            'content',
          ).slice(0, MAX_RESULTS),
        };
      }
      const key = env[settings.apiKeyEnv];
      if (key === undefined || key === '')
        return `WebSearch could not search: settings' webSearch names the key variable ${settings.apiKeyEnv}, which is not set. Set it, or configure another backend.`;
      const url = new URL(settings.url ?? BRAVE_URL);
      url.searchParams.set('q', query);
      url.searchParams.set('count', String(MAX_RESULTS));
      const body = await getJson(url, { 'x-subscription-token': key }, signal, 'Brave Search');
      const web: unknown =
        typeof body === 'object' && body !== null ? Reflect.get(body, 'web') : undefined;
      return {
        results: resultsOf(
          typeof web === 'object' && web !== null ? Reflect.get(web, 'results') : undefined,
          'description',
        ).slice(0, MAX_RESULTS),
      };
    } catch (error) {
      if (signal.aborted) throw error;
      return `WebSearch could not search: ${errorText(error)}`;
    }
  };
}
