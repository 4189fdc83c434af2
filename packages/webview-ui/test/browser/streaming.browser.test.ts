// Streaming into the real UI from a real agent (`wave web`, mock-llm over real HTTP and SSE), in
// real Chromium: what each frame shows is a prefix of the reply (nothing lost, doubled or
// flickering), the end equals the chunks and the pulled state, finished messages and finished
// paragraphs keep their DOM nodes, and Stop cancels the model request itself.
import { describe, expect, it } from 'vitest';
import { useChatFixture } from '../harness/chat-fixture.js';
import {
  lastAssistantText,
  numberedWords,
  openChat,
  send,
  shownMessages,
  waitForText,
  waitUntilReady,
} from '../harness/chat.js';
import { openPage } from '../harness/chromium.js';
import { sampleText, takeSamples } from '../harness/page-probes.js';

const fx = useChatFixture({
  scenario: { name: 'idle', turns: [{ reply: [{ type: 'text', text: 'unused' }] }] },
  probes: true,
});

describe('a streamed reply in the browser', () => {
  it('shows in every frame a prefix of the reply, in one element, and ends with exactly the chunks and the pulled state', async () => {
    const words = numberedWords(600);
    fx.llm.setScenario({
      name: 'count to 600',
      chunkSize: 7,
      delayMs: 2,
      turns: [
        {
          reply: [
            { type: 'reasoning', text: 'Counting slowly.' },
            { type: 'text', numberedWords: { count: 600 } },
          ],
        },
      ],
    });
    const { page } = fx.tab;
    await sampleText(page, '[data-role="assistant"]');
    await send(page, 'count to 600');
    await waitForText(page, (text) => text.endsWith('w600'), 'the last word');
    await waitUntilReady(page);
    const samples = await takeSamples(page);

    expect(await lastAssistantText(page)).toBe(words);
    const shown = samples.filter((sample) => sample.text !== '');
    // It streamed (many different frames), not all at once.
    expect(shown.length).toBeGreaterThan(10);
    for (const [index, sample] of shown.entries()) {
      expect(words.startsWith(sample.text), `frame ${sample.frame} shows a prefix`).toBe(true);
      if (index > 0)
        expect(sample.text.length).toBeGreaterThanOrEqual(shown[index - 1]!.text.length);
    }
    // One element all along: the message was never unmounted and mounted again (no flicker).
    expect(new Set(shown.map((sample) => sample.element)).size).toBe(1);

    // The pulled state: a second page loads the session from the server and shows the same.
    const second = await openPage(fx.browser);
    await openChat(second.page, fx.web.url);
    expect(await lastAssistantText(second.page)).toBe(words);
    expect(await shownMessages(second.page)).toEqual(await shownMessages(page));
    await second.context.close();
    expect(fx.tab.errors).toEqual([]);
  });

  it('keeps the DOM nodes of finished messages and finished paragraphs while the next part streams', async () => {
    const { page } = fx.tab;
    const before = await shownMessages(page);
    const finished = before.filter((message) => message.role === 'assistant').at(-1)!;
    fx.llm.setScenario({
      name: 'two paragraphs',
      chunkSize: 5,
      delayMs: 2,
      turns: [
        {
          reply: [
            { type: 'text', text: 'First paragraph, finished early.\n\n' },
            { type: 'text', numberedWords: { count: 300, prefix: 'p' } },
          ],
        },
      ],
    });
    // Watch the finished message for any change while the new reply streams.
    await page.evaluate((id) => {
      const element = document.querySelector(`[data-message-id="${id}"]`)!;
      const record = { element, mutations: 0 };
      new MutationObserver((list) => (record.mutations += list.length)).observe(element, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
      (window as unknown as { finishedWatch: typeof record }).finishedWatch = record;
    }, finished.id);
    await send(page, 'two paragraphs');
    // As soon as the second paragraph has begun, watch the first one.
    await page.waitForFunction(() => {
      const article = [...document.querySelectorAll('[data-role="assistant"]')].at(-1);
      const paragraphs = article?.querySelectorAll('.markdown > p') ?? [];
      if (paragraphs.length < 2) return false;
      const first = paragraphs[0]!;
      const record = { element: first, mutations: 0 };
      new MutationObserver((list) => (record.mutations += list.length)).observe(first, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
      (window as unknown as { paragraphWatch: typeof record }).paragraphWatch = record;
      return true;
    });
    await waitForText(page, (text) => text.endsWith('p300'), 'the last word');
    await waitUntilReady(page);
    const result = await page.evaluate((id) => {
      const watches = window as unknown as {
        finishedWatch: { element: Element; mutations: number };
        paragraphWatch: { element: Element; mutations: number };
      };
      const article = [...document.querySelectorAll('[data-role="assistant"]')].at(-1)!;
      return {
        finishedSameNode:
          document.querySelector(`[data-message-id="${id}"]`) === watches.finishedWatch.element,
        finishedMutations: watches.finishedWatch.mutations,
        paragraphSameNode:
          article.querySelector('.markdown > p') === watches.paragraphWatch.element,
        paragraphMutations: watches.paragraphWatch.mutations,
      };
    }, finished.id);
    expect(result).toEqual({
      finishedSameNode: true,
      finishedMutations: 0,
      paragraphSameNode: true,
      paragraphMutations: 0,
    });
    expect(await lastAssistantText(page)).toBe(
      `First paragraph, finished early.${numberedWords(300, 'p')}`,
    );
  });

  it('Stop cancels the model request itself and keeps the partial reply', async () => {
    const { page } = fx.tab;
    fx.llm.setScenario({
      name: 'held',
      chunkSize: 4,
      turns: [
        {
          faults: [{ kind: 'hold', afterChunks: 20 }],
          reply: [{ type: 'text', numberedWords: { count: 400, prefix: 's' } }],
        },
      ],
    });
    const requestsBefore = fx.llm.requests.length;
    await send(page, 'start and hold');
    const partial = await waitForText(page, (text) => text.startsWith('s1 s2'), 'the first words');
    await page.getByRole('button', { name: 'Stop' }).click();
    await waitUntilReady(page);
    // The model request itself was cancelled (its connection closed before the reply ended).
    const request = fx.llm.requests[requestsBefore];
    await expect.poll(() => request?.closedEarly, { timeout: 20_000 }).toBe(true);
    fx.llm.release();
    const kept = await lastAssistantText(page);
    expect(kept.length).toBeGreaterThanOrEqual(partial.length);
    expect(numberedWords(400, 's').startsWith(kept)).toBe(true);
    // Nothing more arrives, and the pulled state holds the same partial reply.
    await page.waitForTimeout(300);
    expect(await lastAssistantText(page)).toBe(kept);
    const second = await openPage(fx.browser);
    await openChat(second.page, fx.web.url);
    expect(await lastAssistantText(second.page)).toBe(kept);
    await second.context.close();
    expect(await page.getByRole('button', { name: 'Stop' }).count()).toBe(0);
  });
});
