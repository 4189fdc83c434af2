// Pages read in the last 15 minutes, by the URL asked for, so asking a page another question
// (or reading on at an offset) does not fetch it again. Bounded in entries; the oldest goes first.

export interface CachedPage {
  /** The URL the content came from (after same-host redirects). */
  readonly url: string;
  readonly title?: string;
  readonly bytes: number;
  readonly contentType?: string;
  /** The text the model may read: Markdown of a page, or the body as it came. */
  readonly text: string;
  /** The body was longer than the cap; `text` is made of its start. */
  readonly cut: boolean;
}

export const FETCH_CACHE_MS = 15 * 60 * 1000;
const MAX_ENTRIES = 32;

export class FetchCache {
  private readonly entries = new Map<string, { readonly at: number; readonly page: CachedPage }>();

  constructor(
    private readonly ttlMs: number = FETCH_CACHE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get(url: string): CachedPage | undefined {
    const entry = this.entries.get(url);
    if (entry === undefined) return undefined;
    if (this.now() - entry.at > this.ttlMs) {
      this.entries.delete(url);
      return undefined;
    }
    return entry.page;
  }

  set(url: string, page: CachedPage): void {
    this.entries.delete(url);
    if (this.entries.size >= MAX_ENTRIES)
      this.entries.delete(this.entries.keys().next().value ?? '');
    this.entries.set(url, { at: this.now(), page });
  }
}
