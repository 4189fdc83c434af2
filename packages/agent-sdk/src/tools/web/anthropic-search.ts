// WebSearch with an Anthropic model: Anthropic's server-side web search tool
// (`web_search_20250305`, through the AI SDK's anthropic provider) in a side request, as Claude
// Code runs it ("search once, then reply with a brief summary", at most 8 searches). The results
// (titles, URLs) and the summary come back as the search's outcome; each cited passage of the
// summary ends with the links it cites.
import type { LanguageModel } from 'ai';
import { languageModelV3 } from '../../model/model-call.js';
import type { SearchBackend, SearchResult } from './search-backends.js';

const SYSTEM =
  'You are a web search assistant. Search once with the web_search tool, then reply with a brief summary of what the results say, citing them.';

function text(value: unknown, name: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const found: unknown = Reflect.get(value, name);
  return typeof found === 'string' && found !== '' ? found : undefined;
}

export function anthropicSearch(model: LanguageModel): SearchBackend {
  return async ({ query, signal, allowedDomains, blockedDomains }) => {
    const { stream } = await languageModelV3(model).doStream({
      prompt: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: [{ type: 'text', text: `Search the web for: ${query}` }] },
      ],
      tools: [
        {
          type: 'provider',
          id: 'anthropic.web_search_20250305',
          name: 'web_search',
          args: {
            maxUses: 8,
            ...(allowedDomains && allowedDomains.length > 0 ? { allowedDomains } : {}),
            ...(blockedDomains && blockedDomains.length > 0 ? { blockedDomains } : {}),
          },
        },
      ],
      abortSignal: signal,
    });
    const results: SearchResult[] = [];
    const cited = new Map<string, string>();
    // Citations arrive inside the text block they support; they are kept as links at its end.
    let inText = false;
    let citing = new Map<string, string>();
    let summary = '';
    let searched = query;
    let failure: string | undefined;
    const reader = stream.getReader();
    for (;;) {
      const { done, value: part } = await reader.read();
      if (done) break;
      if (part.type === 'text-delta') summary += part.delta;
      else if (part.type === 'text-start') inText = true;
      else if (part.type === 'text-end') {
        inText = false;
        const links = [...citing].map(([url, title]) => `[${title.replace(/[[\]]/g, '')}](${url})`);
        if (links.length > 0) summary += ` (${links.join(', ')})`;
        citing = new Map();
      } else if (part.type === 'tool-call' && part.toolName === 'web_search') {
        try {
          searched = text(JSON.parse(part.input), 'query') ?? searched;
        } catch {
          // The query as asked stays the one shown.
        }
      } else if (part.type === 'tool-result' && part.toolName === 'web_search') {
        if (part.isError === true || !Array.isArray(part.result))
          failure = `the search failed (${text(part.result, 'errorCode') ?? 'no reason given'})`;
        else
          for (const item of part.result as unknown[]) {
            const title = text(item, 'title');
            const url = text(item, 'url');
            if (title && url) results.push({ title, url });
          }
      } else if (part.type === 'source' && part.sourceType === 'url') {
        cited.set(part.url, part.title ?? part.url);
        if (inText) citing.set(part.url, part.title ?? part.url);
      } else if (part.type === 'error') {
        throw part.error instanceof Error ? part.error : new Error(String(part.error));
      }
    }
    if (failure !== undefined && results.length === 0)
      return `WebSearch could not search: ${failure}.`;
    // Sources the summary cites that the result list does not already hold.
    const listed = new Set(results.map((result) => result.url));
    const citations = [...cited]
      .filter(([url]) => !listed.has(url))
      .map(([url, title]) => ({ title, url }));
    return {
      results: [...results, ...citations],
      ...(summary.trim() !== '' ? { summary: summary.trim() } : {}),
      ...(searched !== query ? { query: searched } : {}),
    };
  };
}
