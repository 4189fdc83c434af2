// What a reader does to a page mid-stream, in real Chromium against a real agent (`wave web`) and
// tools/mock-llm: reload it, or hide it and show it again. Either way the page pulls the session
// state and ends with exactly the reply; a waiting permission question is still there after a
// reload and can be answered there; and a reload never sends the user's message again.
import type { Scenario } from '@wave-agent/mock-llm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  lastAssistantText,
  messageInput,
  numberedWords,
  openChat,
  send,
  shownMessages,
  waitForText,
  waitUntilReady,
} from '../harness/chat.js';
import { useChatFixture } from '../harness/chat-fixture.js';
import { openPage } from '../harness/chromium.js';
import { requestsAsking } from '../harness/llm-requests.js';
import { sampleText, takeSamples } from '../harness/page-probes.js';
import { setHidden } from '../harness/visibility.js';

const WORDS = 800;

function countTo(name: string, prefix: string): Scenario {
  return {
    name,
    chunkSize: 6,
    delayMs: 3,
    turns: [{ reply: [{ type: 'text', numberedWords: { count: WORDS, prefix } }] }],
  };
}

/** Waits until the reply has got somewhere, but not to its end. */
async function midStream(page: Page, prefix: string): Promise<void> {
  await waitForText(page, (text) => text.includes(`${prefix}100 `), 'the reply to be under way');
  expect(await lastAssistantText(page)).not.toContain(`${prefix}${WORDS}`);
}

const fx = useChatFixture({ scenario: countTo('idle', 'x'), probes: true });

describe('a page reloaded or hidden mid-stream', () => {
  it('reloaded mid-stream, pulls the state and ends with exactly the reply, every frame a prefix; the message is not sent again', async () => {
    const { page } = fx.tab;
    fx.llm.setScenario(countTo('reload', 'r'));
    await send(page, 'count for the reload');
    await midStream(page, 'r');
    await page.reload();
    await messageInput(page).waitFor();
    await sampleText(page, '.conversation-row > [data-role="assistant"]');
    await waitForText(page, (text) => text.endsWith(`r${WORDS}`), 'the last word');
    await waitUntilReady(page);
    const words = numberedWords(WORDS, 'r');
    expect(await lastAssistantText(page)).toBe(words);
    for (const sample of await takeSamples(page))
      expect(words.startsWith(sample.text), `frame ${sample.frame} shows a prefix`).toBe(true);
    // Sent once: one model request for it, one user message for it, and an empty prompt.
    expect(requestsAsking(fx.llm, 'count for the reload')).toBe(1);
    const mine = (await shownMessages(page)).filter((m) => m.text === 'count for the reload');
    expect(mine).toHaveLength(1);
    expect(await messageInput(page).inputValue()).toBe('');
    expect(fx.tab.errors).toEqual([]);
  });

  it('hidden mid-stream (missing what came meanwhile, as a hidden webview does), ends with exactly the reply once shown again', async () => {
    const { page } = fx.tab;
    fx.llm.setScenario(countTo('hide', 'h'));
    await send(page, 'count while hidden');
    await midStream(page, 'h');
    await setHidden(page, true);
    // The rest of the reply, and the turn's end, arrive while the page is hidden: lost to it. A
    // second page on the same session watches the turn end.
    const watcher = await openPage(fx.browser);
    await openChat(watcher.page, fx.web.url);
    await waitForText(watcher.page, (text) => text.endsWith(`h${WORDS}`), 'the end, elsewhere');
    await waitUntilReady(watcher.page);
    await watcher.context.close();
    expect(await page.evaluate(() => window.waveProbe.dropped)).toBeGreaterThan(0);
    expect(await lastAssistantText(page)).not.toContain(`h${WORDS}`);
    await setHidden(page, false);
    await waitForText(page, (text) => text.endsWith(`h${WORDS}`), 'the last word');
    expect(await lastAssistantText(page)).toBe(numberedWords(WORDS, 'h'));
    await waitUntilReady(page);
  });
});

describe('a permission question across a reload', () => {
  it('is still there after a reload, with its command, and answering it there runs the command', async () => {
    const { page } = fx.tab;
    fx.llm.setScenario({
      name: 'ask',
      turns: [
        {
          match: { lastToolResultContains: 'allowed-and-ran' },
          reply: [{ type: 'text', text: 'The command ran.' }],
        },
        {
          match: { lastUserContains: 'run the command' },
          reply: [
            { type: 'text', text: 'Running it.' },
            {
              type: 'tool_call',
              id: 'call_ask',
              name: 'Bash',
              input: { command: 'expr allowed-and-ran' },
            },
          ],
        },
      ],
    });
    await send(page, 'run the command');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.textContent()).toContain('$ expr allowed-and-ran');
    await page.reload();
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.textContent()).toContain('$ expr allowed-and-ran');
    expect(await page.locator('[data-tool-name="Bash"]').getAttribute('data-stage')).toBe(
      'waiting',
    );
    await dialog.getByRole('button', { name: 'Allow', exact: true }).click();
    await waitForText(page, (text) => text === 'The command ran.', 'the reply after the command');
    await waitUntilReady(page);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.locator('[data-tool-name="Bash"] pre').allTextContents()).toContain(
      'allowed-and-ran',
    );
    expect(requestsAsking(fx.llm, 'run the command')).toBe(2);
  });
});
