// The first lines of a WebFetch result: where the text came from (the URL always), the page's
// title and size. The tool writes them and the fetch look reads them back, so the model and every
// screen see the same facts and the format is written once.

export interface FetchedPageFacts {
  /** The URL the content came from (after same-host redirects). */
  readonly url: string;
  readonly title?: string;
  /** The size of the body received, in bytes. */
  readonly bytes?: number;
  readonly contentType?: string;
}

const URL_LINE = 'Fetched: ';
const TITLE_LINE = 'Title: ';
const SIZE_LINE = 'Size: ';
const TYPE_LINE = 'Type: ';

/** The header lines, a blank line after them. */
export function formatFetchedPageHeader(facts: FetchedPageFacts): string {
  const lines = [`${URL_LINE}${facts.url}`];
  if (facts.title !== undefined && facts.title !== '')
    lines.push(`${TITLE_LINE}${facts.title.replace(/\s+/g, ' ').trim()}`);
  if (facts.bytes !== undefined) lines.push(`${SIZE_LINE}${facts.bytes} bytes`);
  if (facts.contentType !== undefined) lines.push(`${TYPE_LINE}${facts.contentType}`);
  return `${lines.join('\n')}\n\n`;
}

/** The facts and the text after the header; undefined when the text has no header. */
export function parseFetchedPageHeader(
  text: string,
): { readonly facts: FetchedPageFacts; readonly rest: string } | undefined {
  if (!text.startsWith(URL_LINE)) return undefined;
  const end = text.indexOf('\n\n');
  const head = end === -1 ? text : text.slice(0, end);
  const rest = end === -1 ? '' : text.slice(end + 2);
  let url = '';
  let title: string | undefined;
  let bytes: number | undefined;
  let contentType: string | undefined;
  for (const line of head.split('\n')) {
    if (line.startsWith(URL_LINE)) url = line.slice(URL_LINE.length);
    else if (line.startsWith(TITLE_LINE)) title = line.slice(TITLE_LINE.length);
    else if (line.startsWith(SIZE_LINE)) {
      const count = Number.parseInt(line.slice(SIZE_LINE.length), 10);
      if (Number.isFinite(count)) bytes = count;
    } else if (line.startsWith(TYPE_LINE)) contentType = line.slice(TYPE_LINE.length);
  }
  if (url === '') return undefined;
  return {
    facts: {
      url,
      ...(title !== undefined ? { title } : {}),
      ...(bytes !== undefined ? { bytes } : {}),
      ...(contentType !== undefined ? { contentType } : {}),
    },
    rest,
  };
}
