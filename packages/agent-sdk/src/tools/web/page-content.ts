// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the plugin's types, for every program that compiles this file
/// <reference path="./joplin-turndown-plugin-gfm.d.ts" />
// A fetched body as text for the model: an HTML page's main content (Mozilla's Readability over
// linkedom's DOM: navigation, scripts, styles, cookie banners and other chrome left out) as
// Markdown (turndown with GitHub's tables; headings, links, lists and fenced code kept); JSON
// and plain text as they are; anything else refused. The libraries load on the first page.

export interface PageContent {
  readonly title?: string;
  /** Markdown (a page) or the text as it came (JSON, text). */
  readonly text: string;
}

export type ContentKind = 'html' | 'text' | 'binary';

const TEXT_TYPES =
  /^(text\/|application\/(json|ld\+json|xml|javascript|ecmascript|x-yaml|yaml|toml|x-sh|graphql)\b)|\+(json|xml)\b/i;

/** What a response's type says of its body (sniffed for NUL bytes when no type is given). */
export function contentKind(contentType: string | undefined, body: Buffer): ContentKind {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type === '') {
    const head = body.subarray(0, 8192);
    if (head.includes(0)) return 'binary';
    return /^\s*(<!doctype html|<html)/i.test(head.toString('utf8')) ? 'html' : 'text';
  }
  return TEXT_TYPES.test(type) ? 'text' : 'binary';
}

/** The charset a response's type names, when TextDecoder knows it; utf-8 otherwise. */
export function decodeBody(contentType: string | undefined, body: Buffer): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/** Elements that never carry the page's content. */
const CHROME =
  'script, style, noscript, iframe, template, svg, canvas, form, button, nav, footer, [aria-hidden="true"], [role="dialog"], [role="navigation"], [hidden]';

/** The part of linkedom's DOM used here (its types need the DOM library, which Node code has not). */
interface PageElement {
  readonly textContent: string | null;
  readonly innerHTML: string;
  remove(): void;
  setAttribute(name: string, value: string): void;
  appendChild(child: PageElement): unknown;
}

interface PageDocument {
  readonly head: PageElement | null;
  readonly body: PageElement | null;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
  createElement(tag: string): PageElement;
  cloneNode(deep: boolean): unknown;
}

/** Readability as Wave uses it (its types need the DOM library too). */
type ReadabilityClass = new (
  document: unknown,
  options: { readonly charThreshold: number; readonly keepClasses: boolean },
) => { parse(): { title?: string | null; content?: string | null } | null };

type ParseHtml = (html: string) => { readonly document: PageDocument };

/** An HTML page's main content as Markdown, and its title. */
export async function htmlToMarkdown(html: string, url: string): Promise<PageContent> {
  const [{ parseHTML }, { Readability }, { default: TurndownService }, { gfm }] = await Promise.all(
    [
      import('linkedom'),
      import('@mozilla/readability'),
      import('turndown'),
      import('@joplin/turndown-plugin-gfm'),
    ],
  );
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- linkedom's Document, typed by the part used
  const { document } = (parseHTML as unknown as ParseHtml)(html);
  const pageTitle = document.querySelector('title')?.textContent?.trim() || undefined;
  // Readability resolves links against the document's URL: give it the page's own.
  if (document.querySelector('base') === null && document.head) {
    const base = document.createElement('base');
    base.setAttribute('href', url);
    document.head.appendChild(base);
  }
  let article: { title?: string | null; content?: string | null } | null;
  try {
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- typed by the part used
    const Reader = Readability as unknown as ReadabilityClass;
    // Classes name a code block's language (`language-sh`), which the fence keeps.
    article = new Reader(document.cloneNode(true), {
      charThreshold: 200,
      keepClasses: true,
    }).parse();
  } catch {
    // A page Readability cannot take apart is read whole, without its chrome.
    article = null;
  }
  const turndown = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
  });
  turndown.use(gfm);
  turndown.remove(['script', 'style', 'noscript', 'iframe', 'template']);
  let markdown: string;
  if (article?.content) {
    markdown = turndown.turndown(article.content);
  } else {
    // Not an article (a listing, an index): the body without its chrome.
    for (const element of document.querySelectorAll(CHROME)) element.remove();
    markdown = turndown.turndown(document.body?.innerHTML ?? html);
  }
  const title = article?.title?.trim() || pageTitle;
  return { ...(title ? { title } : {}), text: markdown.replace(/\n{3,}/g, '\n\n').trim() };
}
