// The work around the conversation in the real UI, against a real agent (`wave web`) and
// tools/mock-llm, in real Chromium (issue 16): two subagents launched in parallel stream nested
// under their Task cards, each word once, their reports reach the parent, and Stop stops all
// three; the model's task list shows live under the conversation and comes back with its
// session; a background command shows while it runs, and /tasks lists it.
import { twoSubagentsScenario } from '@wave-agent/mock-llm';
import type { Scenario } from '@wave-agent/mock-llm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  lastAssistantText,
  messageInput,
  numberedWords,
  openChat,
  send,
  waitForText,
  waitUntilReady,
} from '../harness/chat.js';
import { useChatFixture } from '../harness/chat-fixture.js';
import { openPage } from '../harness/chromium.js';

const CHILD_WORDS = 40;

/** A parent that launches two subagents in one response; each child holds after a few chunks. */
const twoSubagents = (): Scenario =>
  twoSubagentsScenario({ childWords: CHILD_WORDS, chunkSize: 4, delayMs: 2, holdAfterChunks: 6 });

function taskCard(page: Page, description: string): Locator {
  return page.locator('[data-tool-name="Agent"]', { hasText: description });
}

/** The whole text of a card's nested thread, opened (as laid out: its blocks on lines of their own). */
async function threadText(card: Locator): Promise<string> {
  const thread = card.getByRole('group', { name: 'Subagent conversation' });
  if ((await thread.count()) === 0) await card.locator('.subagent summary').click();
  return thread.innerText();
}

/** How many times each of the words occurs in the text, for those not there exactly once. */
function wordsNotOnce(text: string, words: readonly string[]): string[] {
  const tokens = text.split(/\s+/);
  return words.filter((word) => tokens.filter((token) => token === word).length !== 1);
}

const fx = useChatFixture({
  scenario: twoSubagents(),
  web: () => ({ args: ['--permission-mode', 'bypassPermissions'] }),
  page: { width: 1000, height: 900 },
});

describe('subagents in the browser', () => {
  it('streams two parallel subagents nested under their Task cards, each word once, and their reports reach the parent', async () => {
    const { page } = fx.tab;
    fx.llm.setScenario(twoSubagents());
    await send(page, 'launch both');
    const alpha = taskCard(page, 'Look at alpha');
    const beta = taskCard(page, 'Explore beta');
    // Both children write at once (each held after a few chunks), each under its own card.
    await alpha.locator('.subagent-preview', { hasText: 'a1' }).waitFor({ timeout: 30_000 });
    await beta.locator('.subagent-preview', { hasText: 'b1' }).waitFor({ timeout: 30_000 });
    expect(await alpha.locator('.subagent summary').textContent()).toContain('Subagent at work');
    expect(await alpha.textContent()).not.toContain('b1');
    expect(await beta.textContent()).not.toContain('a1');
    // Opened while they work, the threads stream on live.
    expect(await threadText(alpha)).toContain('the a-task');
    expect(await threadText(beta)).toContain('the b-task');
    fx.llm.release();
    await waitForText(page, (text) => text.endsWith('Both subagents reported.'), 'the parent');
    await waitUntilReady(page);

    const alphaWords = [...numberedWords(CHILD_WORDS, 'a').split(' '), 'ALPHA-REPORT'];
    const betaWords = [...numberedWords(CHILD_WORDS, 'b').split(' '), 'BETA-REPORT'];
    const alphaText = await threadText(alpha);
    const betaText = await threadText(beta);
    expect(wordsNotOnce(alphaText, alphaWords)).toEqual([]);
    expect(wordsNotOnce(betaText, betaWords)).toEqual([]);
    expect(alphaText).not.toContain('b1');
    // The report is the thread's last reply: the card does not repeat it.
    expect(wordsNotOnce(await alpha.innerText(), ['ALPHA-REPORT'])).toEqual([]);
    expect(await alpha.locator('.subagent summary').textContent()).toContain(
      'Subagent done (0 tool uses)',
    );
    // Both reports went into the parent's next model request.
    const last = JSON.stringify(fx.llm.requests.at(-1)?.body);
    expect(last).toContain('ALPHA-REPORT');
    expect(last).toContain('BETA-REPORT');

    // A second page pulls the same nested threads from the session state.
    const second = await openPage(fx.browser, { width: 1000, height: 900 });
    await openChat(second.page, fx.web.url);
    expect(
      wordsNotOnce(await threadText(taskCard(second.page, 'Look at alpha')), alphaWords),
    ).toEqual([]);
    await second.context.close();
    expect(fx.tab.errors).toEqual([]);
  });

  it('Stop stops the parent and both subagents', async () => {
    const { page } = fx.tab;
    fx.llm.setScenario(twoSubagents());
    const before = fx.llm.requests.length;
    await send(page, 'launch both');
    const alpha = taskCard(page, 'Look at alpha').last();
    const beta = taskCard(page, 'Explore beta').last();
    await alpha.locator('.subagent-preview', { hasText: 'a1' }).waitFor({ timeout: 30_000 });
    await beta.locator('.subagent-preview', { hasText: 'b1' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Stop' }).click();
    await waitUntilReady(page);
    for (const card of [alpha, beta]) {
      await expect.poll(() => card.getAttribute('data-stage')).toBe('end');
      expect(await card.locator('.tool-error').textContent()).toContain('subagent was stopped');
    }
    // Nothing more was asked of the model: the children's held replies were abandoned.
    fx.llm.release();
    await page.waitForTimeout(300);
    expect(fx.llm.requests.length - before).toBe(3);
  });
});

const todos = [
  { content: 'Read the code', status: 'completed', activeForm: 'Reading the code' },
  { content: 'Run the tests', status: 'in_progress', activeForm: 'Running the tests' },
  { content: 'Fix the bug', status: 'pending', activeForm: 'Fixing the bug' },
];

function taskList(page: Page): Locator {
  return page.getByRole('region', { name: 'Task list' });
}

describe('the task list and background commands in the browser', () => {
  it('shows the task list live under the conversation, and again when its session is resumed', async () => {
    const { page } = fx.tab;
    fx.llm.setScenario({
      name: 'todos',
      turns: [
        {
          match: { lastToolResultContains: 'task list was updated' },
          faults: [{ kind: 'hold', afterChunks: 2 }],
          reply: [{ type: 'text', text: 'Working through the list now.' }],
        },
        {
          match: { lastUserContains: 'fix the bug' },
          reply: [{ type: 'tool_call', name: 'TodoWrite', input: { todos } }],
        },
      ],
    });
    // A session of its own, named by its first message, to resume below.
    await page.getByRole('button', { name: 'New session' }).click();
    await expect.poll(() => lastAssistantText(page)).toBe('');
    await send(page, 'fix the bug');
    // While the reply still runs: the list, the item in progress as what it is doing.
    await taskList(page).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Stop' }).count()).toBe(1);
    const items = () => taskList(page).getByRole('listitem').allTextContents();
    expect(await taskList(page).getByRole('heading').textContent()).toBe('Tasks 1/3 done');
    expect(await items()).toEqual([
      '☒ Read the code (done)',
      '◐ Running the tests (in progress)',
      '☐ Fix the bug (to do)',
    ]);
    fx.llm.release();
    await waitForText(page, (text) => text.endsWith('Working through the list now.'), 'the reply');
    await waitUntilReady(page);

    // A new session has no list; resuming this one brings it back.
    await page.getByRole('button', { name: 'New session' }).click();
    await expect.poll(() => taskList(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Sessions' }).click();
    await page.getByRole('button', { name: /fix the bug/ }).click();
    await taskList(page).waitFor({ timeout: 30_000 });
    expect(await items()).toEqual([
      '☒ Read the code (done)',
      '◐ Running the tests (in progress)',
      '☐ Fix the bug (to do)',
    ]);
  });

  it('says while a command runs in the background, and /tasks lists it with its latest output', async () => {
    const { page } = fx.tab;
    const command = "printf 'ready on port 4321\\n'; sleep 60";
    fx.llm.setScenario({
      name: 'background',
      turns: [
        {
          match: { lastToolResultContains: 'bash_' },
          reply: [{ type: 'text', text: 'The server runs in the background.' }],
        },
        {
          match: { lastUserContains: 'start the server' },
          reply: [
            {
              type: 'tool_call',
              name: 'Bash',
              input: { command, run_in_background: true, description: 'Start the server' },
            },
          ],
        },
      ],
    });
    await send(page, 'start the server');
    await waitForText(page, (text) => text.endsWith('The server runs in the background.'), 'reply');
    await waitUntilReady(page);
    await page.getByText('1 background command running').waitFor({ timeout: 10_000 });
    await send(page, '/tasks');
    const dialog = page.getByRole('dialog', { name: 'Background commands' });
    await dialog.waitFor({ timeout: 10_000 });
    const row = dialog.getByRole('listitem');
    expect(await row.count()).toBe(1);
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('ready on port 4321');
    const text = (await row.textContent()) ?? '';
    expect(text).toMatch(/bash_\w+ running/);
    expect(text).toContain('Start the server');
    expect(text).toContain(`$ ${command}`);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    // Keyboard: the prompt has the focus back for the next message.
    await expect
      .poll(() => messageInput(page).evaluate((input) => input === document.activeElement), {
        timeout: 5_000,
      })
      .toBe(true);
    expect(await lastAssistantText(page)).toBe('The server runs in the background.');
  });
});
