// WebSearch, with Claude Code's name and parameters (`query`, `allowed_domains`,
// `blocked_domains`): searches the web with the backend the session has (settings'
// `webSearch`) and gives the model the results' titles, URLs and snippets to cite as links.
// Without a backend it says how to configure one. It asks once per session by default.
import { z } from 'zod';
import { formatSearchResults } from '@wave-agent/shared-protocol';
import { defineTool } from '../define-tool.js';
import type { SearchResult } from './search-backends.js';

const domainList = z.array(z.string().min(1)).optional();

const inputSchema = z.object({
  query: z.string().min(2).describe('What to search for.'),
  allowed_domains: domainList.describe('Only results from these domains.'),
  blocked_domains: domainList.describe('Never results from these domains.'),
});

export type WebSearchInput = z.infer<typeof inputSchema>;

const NOT_CONFIGURED =
  'WebSearch has no search backend here. Anthropic models search on their own; for other models, the user can set "webSearch" in ~/.wave/settings.json: { "provider": "searxng", "url": "http://localhost:8888" } (a SearXNG with its JSON format on) or { "provider": "brave", "apiKeyEnv": "BRAVE_API_KEY" }. Tell the user, or use WebFetch on a URL you know.';

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** Whether a host is the domain or under it. */
function under(host: string, domain: string): boolean {
  const bare = domain
    .trim()
    .toLowerCase()
    .replace(/^\*\./, '')
    .replace(/^www\./, '');
  return host === bare || host.endsWith(`.${bare}`) || host === `www.${bare}`;
}

export function keepDomains(
  results: readonly SearchResult[],
  allowed: readonly string[] = [],
  blocked: readonly string[] = [],
): SearchResult[] {
  return results.filter((result) => {
    const host = hostOf(result.url);
    if (host === undefined) return false;
    if (blocked.some((domain) => under(host, domain))) return false;
    return allowed.length === 0 || allowed.some((domain) => under(host, domain));
  });
}

export const webSearchTool = defineTool<WebSearchInput>({
  name: 'WebSearch',
  description: [
    'Searches the web and returns result titles, URLs and snippets.',
    '- Use it for current information beyond your knowledge: recent releases, documentation, error messages.',
    '- allowed_domains limits results to those domains; blocked_domains leaves those out.',
    '- Cite the sources you use as Markdown links [title](url) in your answer.',
    '- To read a result in full, use WebFetch on its URL.',
  ].join('\n'),
  inputSchema,
  partialInputSchema: inputSchema.partial(),
  permission: 'read-only',
  asksOncePerSession: 'WebSearch sends your query to a search service',
  compact(input) {
    return input.query;
  },
  async execute(input, context) {
    const search = context.session?.webSearch;
    if (search === undefined) return { isError: true, output: NOT_CONFIGURED };
    context.onOutput?.({
      chunk: `Searching for ${input.query}\n`,
      shortResult: `Searching for ${input.query}`,
    });
    const found = await search({
      query: input.query,
      signal: context.signal,
      ...(input.allowed_domains ? { allowedDomains: input.allowed_domains } : {}),
      ...(input.blocked_domains ? { blockedDomains: input.blocked_domains } : {}),
    });
    if (found === undefined) return { isError: true, output: NOT_CONFIGURED };
    if (typeof found === 'string') return { isError: true, output: found };
    const results = keepDomains(found.results, input.allowed_domains, input.blocked_domains);
    return { output: formatSearchResults(found.query ?? input.query, results, found.summary) };
  },
});
