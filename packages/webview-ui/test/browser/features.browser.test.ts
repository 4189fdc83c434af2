// What a person does in the chat beyond reading a stream, in real Chromium against a real agent
// (`wave web`) and tools/mock-llm: the prompt (lines, history, completion from the shared command
// table, `!` commands), the queue while a turn runs, /btw beside the conversation, "Allow for this
// session", /rewind and /compact, the model and mode switchers, live token usage, reasoning's
// clock, the themes, and the whole UI by keyboard with its focus visible.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from '@wave-agent/mock-llm';
import { SLASH_COMMAND_LIST } from '@wave-agent/shared-protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  lastAssistantText,
  messageInput,
  send,
  shownMessages,
  waitForText,
  waitUntilReady,
} from '../harness/chat.js';
import { useChatFixture } from '../harness/chat-fixture.js';
import { lastUserTexts } from '../harness/llm-requests.js';

const fx = useChatFixture();

/** Replies chosen by what the user wrote last: each prompt of a test has its own. */
function replies(name: string, pairs: Record<string, string>, more: Scenario['turns'] = []) {
  fx.llm.setScenario({
    name,
    turns: [
      ...more,
      ...Object.entries(pairs).map(([asked, answer]) => ({
        match: { lastUserContains: asked },
        reply: [{ type: 'text' as const, text: answer }],
      })),
    ],
  });
}

async function newSession(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'New session' }).click();
  await expect.poll(async () => (await shownMessages(page)).length).toBe(0);
}

describe('the prompt', () => {
  it('adds a line on Shift+Enter, sends on Enter, and brings the message back on ↑', async () => {
    const { page } = fx.tab;
    replies('lines', { 'second line': 'Got both lines.' });
    const input = messageInput(page);
    await input.focus();
    await page.keyboard.type('first line');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('second line');
    expect(await input.inputValue()).toBe('first line\nsecond line');
    await page.keyboard.press('Enter');
    await waitForText(page, (text) => text === 'Got both lines.', 'the reply');
    expect((await shownMessages(page)).find((m) => m.role === 'user')?.text).toBe(
      'first line\nsecond line',
    );
    expect(await input.inputValue()).toBe('');
    await page.keyboard.press('ArrowUp');
    expect(await input.inputValue()).toBe('first line\nsecond line');
    await input.fill('');
  });

  it('completes commands from the shared table (what this view implements), Tab taking the first', async () => {
    const { page } = fx.tab;
    const input = messageInput(page);
    await input.fill('/');
    const names = page.getByRole('listbox', { name: 'Commands' }).locator('.completion-name');
    const offered = (await names.allTextContents()).map((text) => /^\/(\S+)/.exec(text)?.[1]);
    // The table's commands, in its order; /exit has no meaning in a page, and /doctor and
    // /config read the machine the server runs on (its tools, its settings files), out of the
    // page's sight: not offered. Then the session's prompt commands (Wave's /init; a folder's
    // custom ones, none here).
    const notHere = new Set(['exit', 'doctor', 'config']);
    expect(offered).toEqual([
      ...SLASH_COMMAND_LIST.map((command) => command.name).filter((name) => !notHere.has(name)),
      'init',
    ]);
    await input.fill('/comp');
    await input.press('Tab');
    expect(await input.inputValue()).toBe('/compact ');
    await input.fill('');
  });

  it('runs a ! command in the shell, said so in the prompt, with its output and exit code', async () => {
    const { page } = fx.tab;
    const input = messageInput(page);
    await input.fill('!echo bang-output; exit 3');
    expect(await page.locator('.composer-mode').textContent()).toBe('shell');
    await input.press('Enter');
    const block = page.getByRole('region', { name: 'Shell command' }).last();
    await block.locator('pre', { hasText: 'bang-output' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => block.locator('.tool-stage').textContent()).toBe('exit code 3');
    await waitUntilReady(page);
  });
});

describe('while a turn runs', () => {
  it('queues a message, lets it be edited there, and sends it as edited', async () => {
    const { page } = fx.tab;
    replies('queue', { 'queued edited': 'The edited one arrived.' }, [
      {
        match: { lastUserContains: 'slow one' },
        faults: [{ kind: 'hold', afterChunks: 3 }],
        reply: [{ type: 'text', text: 'A slow reply that waits a while.' }],
      },
    ]);
    await send(page, 'slow one');
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    await send(page, 'queued draft');
    const queue = page.getByRole('region', { name: 'Queued messages' });
    await queue.getByText('queued draft').waitFor();
    await queue.getByRole('button', { name: 'Edit queued message: queued draft' }).click();
    const editing = queue.getByRole('textbox', { name: 'Queued message' });
    await editing.fill('queued edited');
    await editing.press('Enter');
    await queue.getByText('queued edited').waitFor();
    fx.llm.release();
    await waitForText(page, (text) => text === 'The edited one arrived.', 'the queued reply');
    await waitUntilReady(page);
    expect(lastUserTexts(fx.llm).some((text) => text.includes('queued draft'))).toBe(false);
    const mine = (await shownMessages(page)).filter((m) => m.role === 'user').map((m) => m.text);
    expect(mine.slice(-2)).toEqual(['slow one', 'queued edited']);
  });

  it('counts the tokens live as the reply streams', async () => {
    const { page } = fx.tab;
    fx.llm.setScenario({
      name: 'usage',
      chunkSize: 8,
      turns: [
        {
          match: { lastUserContains: 'count tokens' },
          faults: [{ kind: 'hold', afterChunks: 150 }],
          reply: [{ type: 'text', repeat: { pattern: 'tokens tokens ', count: 200 } }],
        },
      ],
    });
    const usage = page.getByLabel('Tokens used');
    const tokens = async () => {
      const text = (await usage.textContent()) ?? '';
      const value = Number.parseFloat(text);
      return text.includes('k') ? value * 1000 : value;
    };
    const before = await tokens();
    await send(page, 'count tokens');
    // Held mid-reply: the count has grown with what streamed, before the provider's figure.
    await waitForText(page, (text) => text.length > 1000, 'part of the reply');
    await expect.poll(tokens).toBeGreaterThan(before + 200);
    fx.llm.release();
    await waitUntilReady(page);
  });

  it("shows reasoning's clock ticking while it streams, and its duration once it ended", async () => {
    const { page } = fx.tab;
    fx.llm.setScenario({
      name: 'think',
      chunkSize: 4,
      turns: [
        {
          match: { lastUserContains: 'think slowly' },
          faults: [{ kind: 'hold', afterChunks: 4 }],
          reply: [
            { type: 'reasoning', text: 'Weighing the options one by one before answering.' },
            { type: 'text', text: 'Decided.' },
          ],
        },
      ],
    });
    await send(page, 'think slowly');
    const summary = page.locator('.reasoning summary').last();
    await summary.filter({ hasText: /^Thinking \d+s$/ }).waitFor({ timeout: 30_000 });
    const first = (await summary.textContent()) ?? '';
    // The clock goes on while the reasoning is held mid-stream.
    await expect.poll(() => summary.textContent(), { timeout: 10_000 }).not.toBe(first);
    expect(await summary.textContent()).toMatch(/^Thinking \d+s$/);
    fx.llm.release();
    await waitForText(page, (text) => text === 'Decided.', 'the reply');
    await expect.poll(() => summary.textContent()).toMatch(/^Thought for \d+s$/);
  });
});

describe('beside and around the conversation', () => {
  it('answers /btw in a side panel, never in the conversation nor in its context', async () => {
    const { page } = fx.tab;
    await newSession(page);
    replies('btw', { 'what is x': 'X is a letter.', 'next question': 'Next answer.' });
    await send(page, '/btw what is x?');
    const panel = page.getByRole('complementary', { name: 'Side question' });
    await panel.getByText('X is a letter.').waitFor({ timeout: 30_000 });
    expect(await shownMessages(page)).toEqual([]);
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => panel.count()).toBe(0);
    await send(page, 'next question');
    await waitForText(page, (text) => text === 'Next answer.', 'the reply');
    const last = JSON.stringify(fx.llm.requests.at(-1)?.body);
    expect(last).not.toContain('what is x');
    expect(last).not.toContain('X is a letter');
  });

  it('"Allow for this session" lets the tool run again without asking', async () => {
    const { page } = fx.tab;
    fx.llm.setScenario({
      name: 'allow for the session',
      turns: [
        {
          match: { lastToolResultContains: 'two-ran' },
          reply: [{ type: 'text', text: 'Both ran.' }],
        },
        {
          match: { lastToolResultContains: 'one-ran' },
          reply: [{ type: 'tool_call', name: 'Bash', input: { command: 'expr two-ran' } }],
        },
        {
          match: { lastUserContains: 'run twice' },
          reply: [{ type: 'tool_call', name: 'Bash', input: { command: 'expr one-ran' } }],
        },
      ],
    });
    await send(page, 'run twice');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Allow for this session' }).click();
    await waitForText(page, (text) => text === 'Both ran.', 'the reply after both');
    await waitUntilReady(page);
    expect(await page.locator('[data-tool-name="Bash"][data-stage="end"]').count()).toBe(2);
    expect(await dialog.count()).toBe(0);
  });

  it('"Yes, and don\'t ask again" writes the offered rule, and the next call it covers runs without a question', async () => {
    const { page } = fx.tab;
    const write = (file: string) => ({
      type: 'tool_call' as const,
      name: 'Write',
      input: { file_path: file, content: 'x' },
    });
    fx.llm.setScenario({
      name: 'allow always',
      turns: [
        {
          match: { lastToolResultContains: 'notes/b.txt' },
          reply: [{ type: 'text', text: 'Both notes written.' }],
        },
        { match: { lastToolResultContains: 'notes/a.txt' }, reply: [write('notes/b.txt')] },
        { match: { lastUserContains: 'write notes' }, reply: [write('notes/a.txt')] },
      ],
    });
    await send(page, 'write notes');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: 30_000 });
    await dialog
      .getByRole('button', { name: "Yes, and don't ask again for Edit(/notes/**)" })
      .click();
    // Nobody answers again: the turn can only end because the rule let the second Write run.
    await waitForText(page, (text) => text === 'Both notes written.', 'the reply after both');
    await waitUntilReady(page);
    expect(readFileSync(join(fx.web.workdir, 'notes', 'b.txt'), 'utf8')).toBe('x');
    const local = JSON.parse(
      readFileSync(join(fx.web.workdir, '.wave', 'settings.local.json'), 'utf8'),
    ) as unknown;
    expect(local).toEqual({ permissions: { allow: ['Edit(/notes/**)'] } });
  });

  it('/permissions lists the rules with their files, adds one, and says what is wrong with a bad one', async () => {
    const { page } = fx.tab;
    const notes = page.locator('.note-text');
    await send(page, '/permissions allow Bash(echo web:*)');
    const local = join(fx.web.workdir, '.wave', 'settings.local.json');
    await expect
      .poll(async () => (await notes.allTextContents()).join('\n'))
      .toContain(`Added the allow rule Bash(echo web:*) to ${local}.`);
    await send(page, '/permissions');
    await expect
      .poll(async () => (await notes.allTextContents()).join('\n'))
      .toMatch(
        new RegExp(
          `allow:\\n(  .*\\n)*  Bash\\(echo web:\\*\\)  \\(${local.replaceAll('.', '\\.')}\\)`,
        ),
      );
    await send(page, '/permissions deny Bash(npm:* x)');
    await expect
      .poll(async () => (await notes.allTextContents()).join('\n'))
      .toContain('the deny rule "Bash(npm:* x)" is ignored: ":*" may only end a Bash rule');
  });

  it('/rewind cuts the conversation before a chosen message and puts it back in the prompt', async () => {
    const { page } = fx.tab;
    await newSession(page);
    replies('rewind', { 'first q': 'First answer.', 'second q': 'Second answer.' });
    await send(page, 'first q');
    await waitForText(page, (text) => text === 'First answer.', 'the first reply');
    await waitUntilReady(page);
    await send(page, 'second q');
    await waitForText(page, (text) => text === 'Second answer.', 'the second reply');
    await waitUntilReady(page);
    await send(page, '/rewind');
    const dialog = page.getByRole('dialog', { name: 'Rewind' });
    await dialog.getByRole('radio', { name: 'second q' }).check();
    await dialog.getByRole('radio', { name: 'Conversation only' }).check();
    await dialog.getByRole('button', { name: 'Rewind' }).click();
    await expect
      .poll(async () => (await shownMessages(page)).map((m) => m.text))
      .toEqual(['first q', 'First answer.']);
    expect(await messageInput(page).inputValue()).toBe('second q');
    await messageInput(page).fill('');
  });

  it('/compact leaves its divider in the conversation, with the summary a click away', async () => {
    const { page } = fx.tab;
    replies('compact', { 'Summarize the conversation so far': 'The user asked two questions.' });
    await send(page, '/compact');
    const divider = page.locator('.block-divider').last();
    await divider.waitFor({ timeout: 30_000 });
    expect(await divider.locator('summary').innerText()).toBe('Conversation compacted');
    await divider.locator('summary').click();
    expect(await divider.locator('.markdown').innerText()).toContain(
      'The user asked two questions.',
    );
    await waitUntilReady(page);
  });

  it('switches the model and the permission mode for the session; the next request uses the model', async () => {
    const { page } = fx.tab;
    replies('model', { 'which model': 'This one.' });
    const model = page.getByRole('textbox', { name: 'Model' });
    await model.fill('other-model');
    await model.press('Enter');
    const mode = page.getByRole('combobox', { name: 'Permission mode' });
    await mode.selectOption('acceptEdits');
    await send(page, 'which model');
    await waitForText(page, (text) => text === 'This one.', 'the reply');
    expect((fx.llm.requests.at(-1)?.body as { model?: string }).model).toBe('other-model');
    // Session state: a reload shows the same.
    await page.reload();
    await messageInput(page).waitFor();
    expect(await page.getByRole('textbox', { name: 'Model' }).inputValue()).toBe('other-model');
    expect(await page.getByRole('combobox', { name: 'Permission mode' }).inputValue()).toBe(
      'acceptEdits',
    );
    await page.getByRole('combobox', { name: 'Permission mode' }).selectOption('default');
    expect(await lastAssistantText(page)).toBe('This one.');
  });
});

describe('themes and the keyboard', () => {
  const background = (page: Page) =>
    page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  it('follows the system’s light or dark, and VS Code’s theme variables where they are set', async () => {
    const { page } = fx.tab;
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await background(page)).toBe('rgb(255, 255, 255)');
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await background(page)).toBe('rgb(13, 17, 23)');
    await page.evaluate(() =>
      document.documentElement.style.setProperty('--vscode-editor-background', 'rgb(1, 2, 3)'),
    );
    expect(await background(page)).toBe('rgb(1, 2, 3)');
    await page.evaluate(() =>
      document.documentElement.style.removeProperty('--vscode-editor-background'),
    );
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('reaches every control by Tab, each with a visible focus ring, and the prompt among them', async () => {
    const { page } = fx.tab;
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const visited: { name: string; ring: boolean }[] = [];
    for (let step = 0; step < 20; step++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        // Past the last control, focus leaves the page (the body has it meanwhile).
        if (element === document.body) return undefined;
        const style = getComputedStyle(element);
        return {
          name:
            element.getAttribute('aria-label') ??
            element.textContent?.trim().slice(0, 30) ??
            element.tagName,
          ring: style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0,
        };
      });
      if (focused) visited.push(focused);
    }
    const names = visited.map((entry) => entry.name);
    for (const wanted of ['Model', 'Permission mode', 'Sessions', 'Conversation', 'Message'])
      expect(names).toContain(wanted);
    expect(JSON.stringify(visited.filter((entry) => !entry.ring))).toBe('[]');
  });
});
