// WebSearch: a search of the web. Its kind is `search`; its subject the query; its body, once it
// ended, the results as links, titled (the result's text is what the model got, with snippets).
import type { ToolBlock } from '../../messages.js';
import { parseSearchResults } from '../../web/search-results-text.js';
import type { ToolLook } from '../tool-look.js';
import type { ViewPart } from '../view-parts.js';

function searchBody(_input: unknown, block: ToolBlock): ViewPart[] {
  if (block.stage !== 'end' || block.result === undefined) return [];
  const results = parseSearchResults(block.result);
  return results.map((result) => ({ kind: 'link', url: result.url, text: result.title }));
}

export const webSearchLook: ToolLook = { kind: 'search', body: searchBody };
