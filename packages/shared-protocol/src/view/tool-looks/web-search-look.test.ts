import { describe, expect, it } from 'vitest';
import type { ToolBlock } from '../../messages.js';
import { formatSearchResults } from '../../web/search-results-text.js';
import { toolView } from '../tool-view.js';

const search = (stage: ToolBlock['stage'], result?: string): ToolBlock => ({
  type: 'tool',
  id: 't1',
  name: 'WebSearch',
  stage,
  parameters: JSON.stringify({ query: 'widget 5' }),
  compactParams: 'widget 5',
  ...(result !== undefined ? { result } : {}),
});

describe("WebSearch's look", () => {
  it('is a search titled by its query, listing the results as links once it ended', () => {
    expect(toolView(search('running'))).toMatchObject({
      kind: 'search',
      title: 'WebSearch widget 5',
      body: [],
    });
    const text = formatSearchResults('widget 5', [
      { title: 'Widget [5] released', url: 'https://blog.widget.dev/v5', snippet: 'TOML config.' },
      { title: 'Widget on GitHub', url: 'https://github.com/widget/widget' },
    ]);
    expect(toolView(search('end', text)).body).toEqual([
      { kind: 'link', url: 'https://blog.widget.dev/v5', text: 'Widget [5] released' },
      { kind: 'link', url: 'https://github.com/widget/widget', text: 'Widget on GitHub' },
    ]);
    // One line where a screen shows one: the count and the titles, not the result's first line.
    expect(toolView(search('end', text)).summary).toBe(
      '2 results: Widget [5] released · Widget on GitHub',
    );
  });

  it('shows no list for a search that found nothing', () => {
    const nothing = toolView(search('end', formatSearchResults('zzz', [])));
    expect(nothing.body).toEqual([]);
    expect(nothing.summary).toBe(formatSearchResults('zzz', []).split('\n')[0]);
  });
});
