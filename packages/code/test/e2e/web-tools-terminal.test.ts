// WebFetch and WebSearch in the real `wave` in a pseudo-terminal, against tools/mock-llm, a local
// site and a local SearXNG-shaped search endpoint (mock-llm's web-tools scenario; a rule in the
// user's settings names 127.0.0.1, as a user's own service needs): the fetch card sums up the
// page's title and size, the search card its results, each once in the whole scrollback, also
// after resizes; Ctrl+O shows each result's address; the page's chrome never reaches the model.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { providerEnv, startMock } from './mock-model.js';
import { KEYS } from './terminal.js';
import { startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';
import { useE2eFixture } from './e2e-fixture.js';

const fx = useE2eFixture();

let site: WebToolsSite;
beforeEach(async () => {
  site = await startWebToolsSite();
});
afterEach(() => site.close());

const count = (all: string, text: string) => all.split(text).length - 1;
const [first, second] = WEB_SEARCH_RESULTS;
const searchSummary = `2 results: ${first.title} · ${second.title}`;

describe('the web tools in the terminal', { timeout: 90_000 }, () => {
  it('draws the fetch and search cards with their pages, each once, also after resizes', async () => {
    fx.mock = await startMock(webToolsScenario(site.base));
    writeFileSync(join(fx.home.path, 'settings.json'), JSON.stringify(webToolsSettings(site.base)));
    const wave = await startWaveTerminal({
      env: providerEnv('openai', fx.mock.url),
      waveHome: fx.home.path,
      cwd: fx.work.path,
    });
    fx.terminal = wave;
    await wave.submit(WEB_TOOLS_PROMPT);
    await waitForTurnEnd(wave, (all) => all.includes(WEB_TOOLS_REPLY));

    // Collapsed, each card sums up what it got in one line: the page's title and size, the
    // number of results and their titles.
    const all = wave.text();
    expect(count(all, `WebFetch ${site.base}/article`)).toBe(1);
    expect(all).toMatch(new RegExp(`${WEB_ARTICLE_TITLE} · \\d+ B`));
    expect(count(all, searchSummary)).toBe(1);

    for (const width of [60, 120]) {
      await wave.resize(width);
      const after = await wave.waitFor(
        (text) => text.split('\n').some((line) => /^─+$/.test(line) && line.length === width),
        10_000,
        `the rule at ${width} columns`,
      );
      expect(count(after, `WebFetch ${site.base}/article`), `at ${width}`).toBe(1);
      expect(count(after, second.title), `at ${width}`).toBe(1);
    }

    // Ctrl+O: the search card lists each result under its title with its address (a link
    // needs no label), and the fetch card the answer the model got.
    wave.write(KEYS.ctrlO);
    const expanded = await wave.waitFor(second.url, 10_000, 'the expanded view');
    for (const result of WEB_SEARCH_RESULTS)
      expect(expanded).toContain(`    ${result.title} ${result.url}\n`);
    expect(expanded).not.toMatch(/^\s*link$/m);
    expect(expanded).toContain(WEB_FETCH_ANSWER);
    wave.write(KEYS.ctrlO);

    const sent = JSON.stringify(fx.mock.requests.map((request) => request.body));
    expect(sent).toContain('How to upgrade');
    for (const chrome of WEB_PAGE_CHROME) expect(sent).not.toContain(chrome);
  });
});
