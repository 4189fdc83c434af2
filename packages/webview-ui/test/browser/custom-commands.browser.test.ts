// A Claude Code project's custom commands in the chat UI: the real `wave web` in a folder with
// `.claude/commands/`, mock-llm behind it, real Chromium. Typing `/` completes them with their
// argument hints and descriptions from the session state; sending one shows what was typed while
// the model gets the expanded prompt; a command whose file cannot be used is listed with why.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { start } from '@wave-agent/mock-llm';
import type { MockLlm } from '@wave-agent/mock-llm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lastAssistantText,
  messageInput,
  openChat,
  send,
  waitUntilReady,
} from '../harness/chat.js';
import { launchChromium, openPage } from '../harness/chromium.js';
import type { OpenedPage } from '../harness/chromium.js';
import { startWaveWeb, tempDir } from '../harness/wave-web-process.js';
import type { WaveWeb } from '../harness/wave-web-process.js';

let llm: MockLlm;
let web: WaveWeb;
let browser: Browser;
let tab: OpenedPage;

function write(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

beforeAll(async () => {
  llm = await start({
    scenario: { name: 'review', turns: [{ reply: [{ type: 'text', text: 'Reviewed.' }] }] },
  });
  const workdir = tempDir('claude-project');
  write(
    workdir,
    '.claude/commands/review.md',
    '---\ndescription: Review a change\nargument-hint: <change>\n---\nReview change $1 in the chat UI.',
  );
  write(workdir, '.claude/commands/frontend/component.md', 'Make a component named $ARGUMENTS.');
  write(workdir, '.claude/commands/broken.md', '---\ndescription: [oops\n---\nx');
  web = await startWaveWeb({ llmUrl: llm.url, waveHome: tempDir('home'), workdir });
  browser = await launchChromium();
  tab = await openPage(browser);
  await openChat(tab.page, web.url);
});

afterAll(async () => {
  await browser?.close();
  await web?.dispose();
  await llm?.close();
});

describe('custom commands in the chat UI', () => {
  it('completes them with hint and description, sends one expanded, and lists a broken one with why', async () => {
    const { page } = tab;
    const input = messageInput(page);
    const list = page.getByRole('listbox', { name: 'Commands' });
    await input.fill('/rev');
    const review = list.getByRole('option').filter({ hasText: '/review <change>' });
    await review.waitFor({ timeout: 30_000 });
    expect(await review.locator('.completion-description').textContent()).toBe('Review a change');
    await input.fill('/front');
    await list.getByRole('option').filter({ hasText: '/frontend:component' }).waitFor();
    await input.fill('/broken');
    const broken = list.getByRole('option').filter({ hasText: '/broken' });
    expect(await broken.locator('.completion-description').textContent()).toMatch(
      /^cannot be used: .*broken\.md cannot be used: its front matter is not valid YAML/,
    );
    await input.fill('');

    await send(page, '/review 9');
    await page.getByText('Reviewed.').waitFor({ timeout: 30_000 });
    await waitUntilReady(page);
    expect(await lastAssistantText(page)).toBe('Reviewed.');
    const sent = llm.requests.filter((request) => request.method === 'POST').at(-1)?.body;
    expect(JSON.stringify(sent)).toContain('Review change 9 in the chat UI.');
    await page.getByText('/review 9', { exact: true }).first().waitFor();
    await expect(page.getByText('Review change 9 in the chat UI.').count()).resolves.toBe(0);
  });
});
