// A WebSearch result as the model reads it and every screen lists it: the query, then each
// result as a numbered Markdown link with its snippet. The tool writes it and the search look
// reads the links back, so the format is written once.

export interface SearchResultItem {
  readonly title: string;
  readonly url: string;
  readonly snippet?: string;
}

const LINK_LINE = /^(\d+)\. \[(.*)\]\((\S+)\)$/;

function escapeTitle(title: string): string {
  return title.replace(/\s+/g, ' ').replace(/[[\]]/g, (bracket) => `\\${bracket}`);
}

export function formatSearchResults(
  query: string,
  results: readonly SearchResultItem[],
  summary?: string,
): string {
  const said =
    summary !== undefined && summary !== '' ? `\n\nSummary of the results:\n${summary}` : '';
  if (results.length === 0) return `Web search for "${query}": no results.${said}`;
  const lines = results.map((result, index) => {
    const snippet = result.snippet?.replace(/\s+/g, ' ').trim();
    return `${index + 1}. [${escapeTitle(result.title)}](${result.url.replace(/\s/g, '%20')})${snippet ? `\n   ${snippet}` : ''}`;
  });
  return `Web search for "${query}":\n\n${lines.join('\n')}${said}\n\nCite the sources you use as Markdown links [title](url).`;
}

/** The results' titles and URLs, read back from the text. */
export function parseSearchResults(text: string): SearchResultItem[] {
  return text.split('\n').flatMap((line) => {
    const match = LINK_LINE.exec(line);
    if (match?.[2] === undefined || match[3] === undefined) return [];
    return [{ title: match[2].replace(/\\([[\]])/g, '$1'), url: match[3] }];
  });
}
