import { describe, expect, it } from 'vitest';
import type { ToolBlock } from '../../messages.js';
import { formatFetchedPageHeader } from '../../web/fetched-page-header.js';
import { toolView } from '../tool-view.js';

const webFetch = (stage: ToolBlock['stage'], result?: string): ToolBlock => ({
  type: 'tool',
  id: 't1',
  name: 'WebFetch',
  stage,
  parameters: JSON.stringify({ url: 'http://example.com/post', prompt: 'What is new?' }),
  compactParams: 'http://example.com/post',
  ...(result !== undefined ? { result } : {}),
});

describe("WebFetch's look", () => {
  it('is a fetch titled by its URL, showing the URL while it runs and its stages as output', () => {
    const view = toolView({
      ...webFetch('running'),
      result: 'Connecting to example.com\nReading 12 KB\n',
    });
    expect(view).toMatchObject({ kind: 'fetch', title: 'WebFetch http://example.com/post' });
    expect(view.body).toEqual([{ kind: 'link', url: 'http://example.com/post' }]);
    expect(view.bodyTellsResult).toBe(false);
  });

  it("ends with the page's title, the URL it was read from and its size; the result stays the text", () => {
    const header = formatFetchedPageHeader({
      url: 'https://example.com/post',
      title: 'Widget 5  is out',
      bytes: 48_000,
      contentType: 'text/html',
    });
    const view = toolView(webFetch('end', `${header}TOML replaces INI.`));
    expect(view.body).toEqual([
      { kind: 'link', url: 'https://example.com/post', text: 'Widget 5 is out' },
      {
        kind: 'keyValues',
        entries: [
          { key: 'title', value: 'Widget 5 is out' },
          { key: 'size', value: '46.9 KB' },
          { key: 'type', value: 'text/html' },
        ],
      },
    ]);
    expect(view.result).toContain('TOML replaces INI.');
    // One line where a screen shows one: what was read, not the header's first line.
    expect(view.summary).toBe('Widget 5 is out · 46.9 KB');
  });

  it('shows only the URL asked for when the fetch failed (the error says why)', () => {
    const view = toolView({ ...webFetch('end'), error: 'Refused to fetch 127.0.0.1: …' });
    expect(view.status).toBe('failed');
    expect(view.body).toEqual([{ kind: 'link', url: 'http://example.com/post' }]);
    expect(view.summary).toBe('Refused to fetch 127.0.0.1: …');
  });
});
