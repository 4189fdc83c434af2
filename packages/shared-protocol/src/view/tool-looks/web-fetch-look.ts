// WebFetch: a page read from the web. Its kind is `fetch` (ACP's fetch, a screen's globe); its
// body the page's title, URL and size (from the result's header, once there is one); the text the
// model got is the result every screen already shows (the stages stream there while it runs);
// its one-line summary the title and size.
import type { ToolBlock } from '../../messages.js';
import { parseFetchedPageHeader } from '../../web/fetched-page-header.js';
import { formatBytes } from '../attachment-label.js';
import type { ToolInput, ToolLook } from '../tool-look.js';
import { textField } from '../tool-look.js';
import type { ViewPart } from '../view-parts.js';

function fetchBody(input: ToolInput, block: ToolBlock): ViewPart[] {
  const asked = textField(input, 'url');
  const parsed =
    block.stage === 'end' && block.result ? parseFetchedPageHeader(block.result) : undefined;
  if (parsed === undefined) return asked === undefined ? [] : [{ kind: 'link', url: asked }];
  const { facts } = parsed;
  const entries = [
    ...(facts.title !== undefined ? [{ key: 'title', value: facts.title }] : []),
    ...(facts.bytes !== undefined ? [{ key: 'size', value: formatBytes(facts.bytes) }] : []),
    ...(facts.contentType !== undefined ? [{ key: 'type', value: facts.contentType }] : []),
  ];
  return [
    { kind: 'link', url: facts.url, ...(facts.title !== undefined ? { text: facts.title } : {}) },
    ...(entries.length > 0 ? [{ kind: 'keyValues' as const, entries }] : []),
  ];
}

/** The page's title (else its address) and size: what was read, in one line. */
function fetchSummary(_input: ToolInput, block: ToolBlock): string | undefined {
  const parsed = block.result ? parseFetchedPageHeader(block.result) : undefined;
  if (parsed === undefined) return undefined;
  const { facts } = parsed;
  return [
    facts.title ?? facts.url,
    ...(facts.bytes !== undefined ? [formatBytes(facts.bytes)] : []),
  ].join(' · ');
}

export const webFetchLook: ToolLook = { kind: 'fetch', body: fetchBody, summary: fetchSummary };
