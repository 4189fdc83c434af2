// The model switcher in the real UI (`wave web`, real Chromium) with configured models: it lists
// the session state's models — the same list the terminal's /model picker shows — with the
// current one selected and the purpose marks, and choosing another sends the next turn to that
// model's own server with its own key.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { start } from '@wave-agent/mock-llm';
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChat, send, waitForText, waitUntilReady } from '../harness/chat.js';
import { launchChromium, openPage } from '../harness/chromium.js';
import type { OpenedPage } from '../harness/chromium.js';
import { startWaveWeb, tempDir } from '../harness/wave-web-process.js';
import type { WaveWeb } from '../harness/wave-web-process.js';

function answering(name: string): Scenario {
  return {
    name,
    turns: Array.from({ length: 4 }, () => ({
      reply: [{ type: 'text', text: `reply from ${name}` }],
    })),
  };
}

let top: MockLlm;
let alpha: MockLlm;
let beta: MockLlm;
let web: WaveWeb;
let browser: Browser;
let tab: OpenedPage;

beforeAll(async () => {
  [top, alpha, beta] = await Promise.all([
    start({ scenario: answering('the top-level server') }),
    start({ scenario: answering('server-alpha') }),
    start({ scenario: answering('server-beta') }),
  ]);
  const waveHome = tempDir('home');
  writeFileSync(
    join(waveHome, 'settings.json'),
    JSON.stringify({
      models: {
        alpha: {
          provider: 'openai',
          model: 'alpha-model',
          baseURL: `${alpha.url}/v1`,
          apiKeyEnv: 'ALPHA_KEY',
        },
        beta: {
          provider: 'anthropic',
          model: 'beta-model',
          baseURL: beta.url,
          apiKeyEnv: 'BETA_KEY',
        },
      },
      defaultModel: 'alpha',
      modelFor: { btw: 'beta' },
    }),
  );
  web = await startWaveWeb({
    llmUrl: top.url,
    waveHome,
    // The harness's WAVE_MODEL would choose the model over settings' defaultModel.
    env: { WAVE_MODEL: '', ALPHA_KEY: 'key-of-alpha', BETA_KEY: 'key-of-beta' },
  });
  browser = await launchChromium();
  tab = await openPage(browser);
  await openChat(tab.page, web.url);
});

afterAll(async () => {
  await browser?.close();
  await web?.dispose();
  await Promise.all([top?.close(), alpha?.close(), beta?.close()]);
});

describe('the model switcher with configured models', () => {
  it('lists them from the session state, the current one selected, with purpose marks', async () => {
    const switcher = tab.page.getByRole('combobox', { name: 'Model' });
    await switcher.waitFor();
    const options = await switcher.locator('option').allTextContents();
    expect(options).toEqual([
      'gpt-4.1 — openai gpt-4.1',
      'alpha — openai alpha-model (default)',
      'beta — anthropic beta-model (btw)',
      'Another model id…',
    ]);
    expect(await switcher.inputValue()).toBe('alpha');
    expect(tab.errors).toEqual([]);
  });

  it('choosing another sends the next turn to its server with its key', async () => {
    const { page } = tab;
    await send(page, 'first');
    await waitForText(page, (text) => text === 'reply from server-alpha', 'the first reply');
    await waitUntilReady(page);
    expect(alpha.requests.map((request) => request.headers.authorization)).toEqual([
      'Bearer key-of-alpha',
    ]);

    await page.getByRole('combobox', { name: 'Model' }).selectOption('beta');
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLSelectElement>('select[aria-label="Model"]')?.value === 'beta',
    );
    await send(page, 'second');
    await waitForText(page, (text) => text === 'reply from server-beta', 'the reply from beta');
    await waitUntilReady(page);
    expect(beta.requests.map((request) => request.headers['x-api-key'])).toEqual(['key-of-beta']);
    expect(alpha.requests).toHaveLength(1);
    expect(top.requests).toHaveLength(0);
    expect(tab.errors).toEqual([]);
  });

  it('takes a typed model id too: "Another model id…" turns the list into a field', async () => {
    const { page } = tab;
    await page.getByRole('combobox', { name: 'Model' }).selectOption('Another model id…');
    const field = page.getByRole('textbox', { name: 'Model' });
    await field.waitFor();
    expect(await field.inputValue()).toBe('');
    await field.fill('gamma-model');
    await field.press('Enter');
    const switcher = page.getByRole('combobox', { name: 'Model' });
    await page.waitForFunction(() =>
      document
        .querySelector<HTMLSelectElement>('select[aria-label="Model"]')
        ?.selectedOptions[0]?.textContent?.startsWith('gamma-model'),
    );
    expect(await switcher.locator('option:checked').textContent()).toContain(
      'not a configured model',
    );
    expect(tab.errors).toEqual([]);
  });
});
