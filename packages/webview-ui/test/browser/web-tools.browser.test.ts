// WebFetch and WebSearch in the chat UI, whole: a real `wave web` whose model (tools/mock-llm)
// reads a page of a local site (allowed by a rule naming 127.0.0.1, as a user's own service must
// be) and searches a local SearXNG-shaped JSON endpoint, in real Chromium. The fetch card shows the
// page's title, address and size as its look says; the search card lists the results as links;
// the page's scripts and banner never reach the model.
import {
  WEB_ARTICLE_TITLE,
  WEB_FETCH_ANSWER,
  WEB_PAGE_CHROME,
  WEB_SEARCH_RESULTS,
  WEB_TOOLS_PROMPT,
  WEB_TOOLS_REPLY,
  startWebToolsSite,
  webToolsScenario,
  webToolsSettings,
} from '@wave-agent/mock-llm';
import type { WebToolsSite } from '@wave-agent/mock-llm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../harness/chat.js';
import { useChatFixture } from '../harness/chat-fixture.js';

let site: WebToolsSite;
// Started before the fixture's own beforeAll, which writes the settings naming the site.
beforeAll(async () => {
  site = await startWebToolsSite();
});
afterAll(() => site.close());

const fx = useChatFixture({ settings: () => webToolsSettings(site.base) });

describe('the web tools in the chat UI', () => {
  it('shows the fetched page and the search results on their cards, and the model never sees the chrome', async () => {
    const { page } = fx.tab;
    fx.llm.setScenario(webToolsScenario(site.base));
    await send(page, WEB_TOOLS_PROMPT);
    await page.getByText(WEB_TOOLS_REPLY).waitFor({ timeout: 60_000 });

    const fetchCard = page.locator('.tool-card[data-tool-name="WebFetch"]');
    expect(await fetchCard.getAttribute('data-tool-kind')).toBe('fetch');
    const pageLink = fetchCard.locator('.view-link a');
    expect(await pageLink.getAttribute('href')).toBe(`${site.base}/article`);
    expect(await pageLink.textContent()).toBe(WEB_ARTICLE_TITLE);
    expect(await fetchCard.locator('.view-key-values dt').allTextContents()).toEqual([
      'title',
      'size',
      'type',
    ]);
    expect(await fetchCard.locator('.tool-output').textContent()).toContain(WEB_FETCH_ANSWER);

    const searchCard = page.locator('.tool-card[data-tool-name="WebSearch"]');
    expect(await searchCard.getAttribute('data-tool-kind')).toBe('search');
    const links = searchCard.locator('.view-link a');
    expect(await links.allTextContents()).toEqual(WEB_SEARCH_RESULTS.map((result) => result.title));
    expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual(
      WEB_SEARCH_RESULTS.map((result) => result.url),
    );
    expect(site.searched).toEqual(['widget 5 docs']);

    // What any model was sent: the article's words, none of its scripts, banner or footer.
    const sent = JSON.stringify(fx.llm.requests.map((request) => request.body));
    expect(sent).toContain('How to upgrade');
    for (const chrome of WEB_PAGE_CHROME) expect(sent).not.toContain(chrome);
  });
});
