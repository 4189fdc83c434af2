// WebSearch: a search of the web. Its kind is `search`; its subject the query; its body, once it
// ended, the results as links, titled (the result's text is what the model got, with snippets);
// its one-line summary the count and the titles.
import type { ToolBlock } from '../../messages.js';
import { parseSearchResults } from '../../web/search-results-text.js';
import type { ToolLook } from '../tool-look.js';
import type { ViewPart } from '../view-parts.js';

function searchBody(_input: unknown, block: ToolBlock): ViewPart[] {
  if (block.stage !== 'end' || block.result === undefined) return [];
  const results = parseSearchResults(block.result);
  return results.map((result) => ({ kind: 'link', url: result.url, text: result.title }));
}

/** How many results, and their titles: what was found, in one line. */
function searchSummary(_input: unknown, block: ToolBlock): string | undefined {
  const results = block.result === undefined ? [] : parseSearchResults(block.result);
  if (results.length === 0) return undefined;
  const count = `${results.length} result${results.length === 1 ? '' : 's'}`;
  return `${count}: ${results.map((result) => result.title).join(' · ')}`;
}

export const webSearchLook: ToolLook = { kind: 'search', body: searchBody, summary: searchSummary };
