// The effort in the real chat UI (`wave web`, real Chromium) with a Claude model whose replies
// are streams recorded from Anthropic's API, served cut at odd byte offsets: the toolbar shows
// the session's effort, changing it changes what the next call asks for and what a reload shows,
// /effort does the same, and the recorded thinking is shown once, before the answer.
import { recordedAnthropicText, recordedFixturePath, start } from '@wave-agent/mock-llm';
import type { MockLlm } from '@wave-agent/mock-llm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageInput, openChat, send, waitForText, waitUntilReady } from '../harness/chat.js';
import { launchChromium, openPage } from '../harness/chromium.js';
import type { OpenedPage } from '../harness/chromium.js';
import { startWaveWeb } from '../harness/wave-web-process.js';
import type { WaveWeb } from '../harness/wave-web-process.js';

const FIXTURE = recordedFixturePath('anthropicAdaptive');
type Json = Record<string, unknown>;

let llm: MockLlm;
let web: WaveWeb;
let browser: Browser;
let tab: OpenedPage;

beforeAll(async () => {
  const turn = { reply: [], recorded: { file: FIXTURE, writeBytes: 9 } };
  llm = await start({ scenario: { name: 'recorded', turns: [turn, { ...turn }, { ...turn }] } });
  web = await startWaveWeb({
    llmUrl: llm.url,
    env: {
      WAVE_PROVIDER: 'anthropic',
      WAVE_BASE_URL: llm.url,
      WAVE_MODEL: 'claude-sonnet-4-6',
    },
  });
  browser = await launchChromium();
  tab = await openPage(browser);
  await openChat(tab.page, web.url);
});

afterAll(async () => {
  await browser?.close();
  await web?.dispose();
  await llm?.close();
});

describe('the effort in the chat UI', () => {
  it('shows it, changes it for the next call, and keeps it across a reload', async () => {
    const { page } = tab;
    const effort = page.getByRole('combobox', { name: 'Effort' });
    expect(await effort.inputValue()).toBe('high');
    await effort.selectOption('low');
    await send(page, 'What is 25 × 37?');
    // The answer is rendered as markdown: its last sentence arrives last.
    await waitForText(page, (text) => text.includes('462 = 21 × 22'), 'the recorded answer');
    await waitUntilReady(page);
    expect((llm.requests.at(-1)?.body as Json)['output_config']).toEqual({ effort: 'low' });
    expect((llm.requests.at(-1)?.body as Json)['thinking']).toEqual({ type: 'adaptive' });
    // The thinking: one block, before the answer, holding the recorded thinking once.
    const reasoning = page.locator('details.reasoning');
    expect(await reasoning.count()).toBe(1);
    await reasoning.locator('summary').click();
    // One paragraph of plain words: the markdown shows it as it was recorded.
    expect(await reasoning.locator('.markdown').textContent()).toBe(
      recordedAnthropicText('anthropicAdaptive', 'thinking'),
    );
    await page.reload();
    await messageInput(page).waitFor();
    expect(await page.getByRole('combobox', { name: 'Effort' }).inputValue()).toBe('low');
  });

  it('/effort sets it too', async () => {
    const { page } = tab;
    await send(page, '/effort max');
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Effort' }).inputValue(), { timeout: 10_000 })
      .toBe('max');
  });
});
