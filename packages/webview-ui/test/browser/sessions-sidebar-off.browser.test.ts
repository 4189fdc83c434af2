// The sessions sidebar is the host's choice (boot information `"sidebar": true`; the desktop app
// turns it on, its test shows it working): a `wave web` page, whose boot names only its folder,
// shows the chat alone, across the whole width, with no sidebar.
import { start } from '@wave-agent/mock-llm';
import type { MockLlm } from '@wave-agent/mock-llm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversation, messageInput, openChat } from '../harness/chat.js';
import { launchChromium, openPage } from '../harness/chromium.js';
import type { OpenedPage } from '../harness/chromium.js';
import { startWaveWeb } from '../harness/wave-web-process.js';
import type { WaveWeb } from '../harness/wave-web-process.js';

let llm: MockLlm;
let web: WaveWeb;
let browser: Browser;
let tab: OpenedPage;

beforeAll(async () => {
  llm = await start({
    scenario: { name: 'idle', turns: [{ reply: [{ type: 'text', text: 'unused' }] }] },
  });
  web = await startWaveWeb({ llmUrl: llm.url });
  browser = await launchChromium();
  tab = await openPage(browser);
  await openChat(tab.page, web.url);
});

afterAll(async () => {
  await browser?.close();
  await web?.dispose();
  await llm?.close();
});

describe('a page whose boot does not turn the sessions sidebar on', () => {
  it('shows the chat alone, from the left edge, and no sidebar', async () => {
    const { page } = tab;
    await expect(messageInput(page).isVisible()).resolves.toBe(true);
    expect(await page.getByRole('navigation', { name: 'Sessions' }).count()).toBe(0);
    expect(await page.locator('.with-sessions-sidebar').count()).toBe(0);
    const chat = await conversation(page).boundingBox();
    expect(chat?.x).toBe(0);
    expect(tab.errors).toEqual([]);
  });
});
