// The package README's pictures, made the way a user sees the UI: real Chromium, a real agent
// (`wave web`) and tools/mock-llm. Each scene is checked (what the picture must show is on the
// page); with WAVE_SCREENSHOTS=1 it is also written to docs/ as a PNG.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Scenario } from '@wave-agent/mock-llm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openChat, send, waitForText, waitUntilReady } from '../harness/chat.js';
import { useChatFixture } from '../harness/chat-fixture.js';
import { openPage } from '../harness/chromium.js';
import { tempDir } from '../harness/wave-web-process.js';

const DOCS = fileURLToPath(new URL('../../docs/', import.meta.url));
const WRITE = process.env.WAVE_SCREENSHOTS === '1';

async function picture(page: Page, name: string): Promise<void> {
  if (!WRITE) return;
  writeFileSync(join(DOCS, name), await page.screenshot({ type: 'png' }));
}

const REPLY = [
  'The flaky test waits on a fixed timeout. Here is the part that races:',
  '',
  '```ts',
  'await page.mouse.wheel(0, 2000);',
  'expect(await jump.count()).toBe(0); // the fling is still running',
  '```',
  '',
  'Let me run it a few times to see how often it fails.',
].join('\n');

const streamingTurn: Scenario = {
  name: 'streaming turn',
  // Slow enough for the reasoning to take a couple of seconds, as it does.
  chunkSize: 2,
  delayMs: 18,
  turns: [
    {
      match: { lastToolResultContains: 'run 5' },
      reply: [{ type: 'text', text: 'It failed once in five runs.' }],
    },
    {
      match: { lastUserContains: 'flaky' },
      reply: [
        {
          type: 'reasoning',
          text: 'The test wheels down right after a touch swipe. Chromium keeps flinging after the finger lifts, so the wheel may land while the fling still runs. I should look at the test first, then run it a few times.',
        },
        { type: 'text', text: REPLY },
        {
          type: 'tool_call',
          id: 'call_runs',
          name: 'Bash',
          input: {
            command:
              'for run in 1 2 3 4 5; do if [ $run = 2 ]; then echo "run $run: FAILED expected 1 to be +0"; else echo "run $run: passed"; fi; sleep 0.6; done',
            description: 'Run the test five times',
          },
        },
      ],
    },
  ],
};

const permissionTurn: Scenario = {
  name: 'permission',
  turns: [
    {
      match: { lastUserContains: 'timeout' },
      reply: [
        { type: 'text', text: 'I will wait for the fling to end before wheeling.' },
        {
          type: 'tool_call',
          id: 'call_edit',
          name: 'Edit',
          input: {
            file_path: 'following.test.ts',
            old_string: '  await page.waitForTimeout(200);\n  await wheelToBottom(page);\n',
            new_string: '  await settledScrollTop(page);\n  await wheelToBottom(page);\n',
          },
        },
      ],
    },
  ],
};

const fx = useChatFixture({
  scenario: streamingTurn,
  page: false,
  // A file for the Edit the permission question shows.
  web: () => {
    const workdir = tempDir('shots');
    writeFileSync(
      join(workdir, 'following.test.ts'),
      "it('follows again', async () => {\n  await swipe(page);\n  await page.waitForTimeout(200);\n  await wheelToBottom(page);\n});\n",
    );
    return { workdir };
  },
});

describe('the README pictures', () => {
  it('a streaming turn: reasoning with its duration, markdown with code, a command streaming its output', async () => {
    const { page, context } = await openPage(fx.browser, { width: 1000, height: 760 });
    await openChat(page, fx.web.url);
    await page.getByRole('combobox', { name: 'Permission mode' }).selectOption('bypassPermissions');
    await send(page, 'Why is the following test flaky?');
    const card = page.locator('[data-tool-name="Bash"][data-stage="running"]');
    await card.locator('.tool-output', { hasText: 'run 3' }).waitFor({ timeout: 30_000 });
    await page.locator('.reasoning summary', { hasText: /Thought for [1-9]\d*s/ }).click();
    expect(await page.locator('.reasoning .markdown').textContent()).toContain('fling');
    expect(await page.locator('.markdown pre code .hljs-keyword').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Stop' }).count()).toBe(1);
    await picture(page, 'streaming-turn.png');
    await waitForText(page, (text) => text === 'It failed once in five runs.', 'the reply');
    await waitUntilReady(page);
    await context.close();
  });

  it('a permission question: the change as a diff, Allow / Allow for this session / Deny', async () => {
    fx.llm.setScenario(permissionTurn);
    const { page, context } = await openPage(fx.browser, { width: 1000, height: 760 });
    await openChat(page, fx.web.url);
    await page.getByRole('button', { name: 'New session' }).click();
    await page.getByRole('combobox', { name: 'Permission mode' }).selectOption('default');
    await send(page, 'Replace the fixed timeout');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.locator('.diff-removed').textContent()).toContain('waitForTimeout(200)');
    expect(await dialog.locator('.diff-added').textContent()).toContain('settledScrollTop');
    for (const name of ['Allow', 'Allow for this session', 'Deny'])
      expect(await dialog.getByRole('button', { name, exact: true }).count()).toBe(1);
    await picture(page, 'permission-dialog.png');
    await page.getByRole('button', { name: 'Stop' }).click();
    await waitUntilReady(page);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });
});
