// Empty chunks change nothing (Cline #9148, #9235): the real bundle in Chromium, fed by the test
// host (an agent drops empty model deltas itself, so only another host or a later agent could
// send them), shows not one DOM change for them — not inside a streaming paragraph, not as an
// empty block after a tool card — and the text around them ends exactly as sent.
import type { AgentEvent } from '@wave-agent/shared-protocol';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useChatFixture } from '../harness/chat-fixture.js';
import { openPage } from '../harness/chromium.js';
import type { OpenedPage } from '../harness/chromium.js';
import { openWithTestHost } from '../harness/test-host.js';
import type { TestHostSession } from '../harness/test-host.js';

let tab: OpenedPage;
let host: TestHostSession;

const text = (chunk: string, stage: 'streaming' | 'end' = 'streaming'): AgentEvent => ({
  type: 'assistantContentUpdated',
  messageId: 'a1',
  chunk,
  stage,
});

/** Counts every change under the message from now on. */
async function watchMessage(page: Page): Promise<void> {
  await page.evaluate(() => {
    const message = document.querySelector('[data-message-id="a1"]')!;
    const record = { changes: 0 };
    new MutationObserver((list) => (record.changes += list.length)).observe(message, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    (window as unknown as { messageWatch: typeof record }).messageWatch = record;
  });
}

/** The changes counted, once the page has painted a few frames after the last batch. */
async function changesAfterFrames(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let frames = 0;
        const tick = (): void => {
          if (++frames < 5) requestAnimationFrame(tick);
          else
            resolve(
              (window as unknown as { messageWatch: { changes: number } }).messageWatch.changes,
            );
        };
        requestAnimationFrame(tick);
      }),
  );
}

function shownText(page: Page): Promise<string> {
  return page.evaluate(() => document.querySelector('[data-message-id="a1"]')?.textContent ?? '');
}

const fx = useChatFixture({ page: false });

beforeAll(async () => {
  tab = await openPage(fx.browser);
  host = await openWithTestHost(tab.page, fx.web.url);
});

describe('empty chunks', () => {
  it('change nothing inside a streaming paragraph, nor after a tool card', async () => {
    const { page } = tab;
    await host.send([{ type: 'assistantMessageAdded', messageId: 'a1', createdAt: Date.now() }]);
    await host.send([text('Hello')]);
    await page.locator('[data-message-id="a1"]', { hasText: 'Hello' }).waitFor();
    await watchMessage(page);
    for (let batch = 0; batch < 20; batch++) await host.send([text(''), text(''), text('')]);
    expect(await changesAfterFrames(page)).toBe(0);

    // A tool call ends; empty chunks after it must not open an empty block below its card.
    await host.send([
      { type: 'toolBlockUpdated', messageId: 'a1', id: 't1', stage: 'start', name: 'LS' },
      {
        type: 'toolBlockUpdated',
        messageId: 'a1',
        id: 't1',
        stage: 'end',
        name: 'LS',
        parameters: '{"path":"."}',
        result: 'a.txt',
      },
    ]);
    await page.locator('[data-tool-name="LS"][data-stage="end"]').waitFor();
    await watchMessage(page);
    for (let batch = 0; batch < 20; batch++) await host.send([text(''), text('')]);
    expect(await changesAfterFrames(page)).toBe(0);

    // Text around them ends exactly as sent.
    await host.send([text(' after'), text(''), text(' it'), text('', 'end')]);
    await expect.poll(() => shownText(page)).toContain('after it');
    const blocks = await page.$$eval('[data-message-id="a1"] > *', (elements) =>
      elements.map((element) => element.textContent),
    );
    expect(blocks).toEqual(['Hello', expect.stringContaining('LS'), ' after it']);
    expect(tab.errors).toEqual([]);
  });
});
