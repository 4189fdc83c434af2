// Attachments in the chat UI as a user meets them (issue 24): real `wave web` in a folder of
// files, tools/mock-llm behind it, real Chromium. Typing `@` completes the folder's files (what
// .gitignore leaves out is not offered; a folder keeps completing), the file taken goes to the
// model and the sent message shows it as a chip; an image pasted into the prompt becomes a chip
// with a thumbnail and reaches the model as an image part (Anthropic wire); a model that takes no
// images refuses it with a sentence while the prompt keeps the text and the chip; a `# line`
// lands in the memory file the user picks.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MockLlm } from '@wave-agent/mock-llm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messageInput, send, waitUntilReady } from '../harness/chat.js';
import { useChatFixture } from '../harness/chat-fixture.js';

const APP_TEXT = 'export const marker = "app-file-body-7731";\n';
/** A 1×1 PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const fx = useChatFixture({
  scenario: {
    name: 'attachments',
    turns: [
      {
        match: { lastUserContains: 'answer slowly' },
        faults: [{ kind: 'hold', afterChunks: 1 }],
        reply: [{ type: 'text', text: 'Slowly answered.' }],
      },
      { match: { lastUserContains: '' }, reply: [{ type: 'text', text: 'Seen.' }] },
    ],
  },
  files: {
    'src/app.ts': APP_TEXT,
    'src/util/helpers.ts': 'export {};\n',
    'notes/read me.md': 'notes\n',
    '.gitignore': 'secret-*.txt\n',
    'secret-keys.txt': 'do not offer\n',
  },
  // Two models on the one server: Anthropic's (takes images) and one behind an OpenAI-compatible
  // endpoint (assumed not to).
  settings: (llm) => ({
    models: {
      vision: {
        provider: 'anthropic',
        model: 'claude-mock',
        baseURL: llm.url,
        apiKeyEnv: 'MOCK_KEY',
      },
      plain: {
        provider: 'openai',
        model: 'plain-model',
        baseURL: `${llm.url}/v1`,
        apiKeyEnv: 'MOCK_KEY',
      },
    },
    defaultModel: 'vision',
  }),
  web: () => ({ env: { WAVE_MODEL: '', MOCK_KEY: 'mock-key' } }),
});

/** The last request's body that reached the model. */
function lastRequest(llm: MockLlm): string {
  const posts = llm.requests.filter((request) => request.method === 'POST');
  return JSON.stringify(posts.at(-1)?.body ?? null);
}

/** Pastes an image into the prompt as the clipboard does: a paste event carrying the file. */
async function pasteImage(page: Page, name: string, base64: string, type = 'image/png') {
  await messageInput(page).evaluate(
    (area, [fileName, data, mediaType]) => {
      const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], fileName, { type: mediaType }));
      area.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
      );
    },
    [name, base64, type] as const,
  );
}

function pendingChips(page: Page) {
  return page.getByRole('list', { name: 'Attachments' }).getByRole('listitem');
}

function notes(page: Page) {
  return page.locator('.notes .note-text');
}

describe('attachments in the chat UI', () => {
  it('completes @ from the folder (not what .gitignore leaves out), and sends the file taken', async () => {
    const { page } = fx.tab;
    const input = messageInput(page);
    const files = page.getByRole('listbox', { name: 'Files' });

    await input.click();
    // Every file with an "s" in its path, but the one .gitignore leaves out.
    await page.keyboard.type('@s');
    await files
      .getByRole('option', { name: '@src/app.ts', exact: true })
      .waitFor({ timeout: 30_000 });
    expect(
      (await files.getByRole('option').allTextContents()).filter((name) => name.includes('secret')),
    ).toEqual([]);
    await input.fill('');

    await page.keyboard.type('read @sr');
    await files.getByRole('option', { name: '@src/', exact: true }).waitFor({ timeout: 30_000 });
    // Taking a folder leaves the mention open: the list goes on inside it.
    await page.keyboard.press('Tab');
    expect(await input.inputValue()).toBe('read @src/');
    const app = files.getByRole('option', { name: '@src/app.ts', exact: true });
    await app.waitFor({ timeout: 30_000 });
    await app.click();
    expect(await input.inputValue()).toBe('read @src/app.ts ');
    await files.waitFor({ state: 'detached' });

    await page.keyboard.type('please');
    await input.press('Enter');
    await page.getByText('Seen.').waitFor({ timeout: 30_000 });
    await waitUntilReady(page);
    expect(lastRequest(fx.llm)).toContain('app-file-body-7731');
    const sent = page.locator('[data-role="user"]').last();
    await expect
      .poll(() => sent.locator('.attachment-chip').allTextContents())
      .toEqual([expect.stringContaining('src/app.ts')]);
  });

  it('quotes a path with a space when it is taken from the list', async () => {
    const { page } = fx.tab;
    const input = messageInput(page);
    await input.fill('');
    await input.click();
    await page.keyboard.type('@read');
    const option = page
      .getByRole('listbox', { name: 'Files' })
      .getByRole('option', { name: '@notes/read me.md', exact: true });
    await option.waitFor({ timeout: 30_000 });
    await page.keyboard.press('Enter');
    expect(await input.inputValue()).toBe('@"notes/read me.md" ');
    await input.fill('');
  });

  it('takes a path for the whole word the caret is in, keeping one space after it', async () => {
    const { page } = fx.tab;
    const input = messageInput(page);
    await input.fill('see @reXX later');
    // The caret after "@re", inside the word: the word is the mention, not just what is before.
    for (let step = 0; step < 8; step += 1) await input.press('ArrowLeft');
    const option = page
      .getByRole('listbox', { name: 'Files' })
      .getByRole('option', { name: '@notes/read me.md', exact: true });
    await option.waitFor({ timeout: 30_000 });
    await option.click();
    expect(await input.inputValue()).toBe('see @"notes/read me.md" later');
    await input.fill('');
  });

  it('sends a pasted image to a model that takes images, as an image part', async () => {
    const { page } = fx.tab;
    await messageInput(page).fill('what is in the picture?');
    await pasteImage(page, 'shot.png', PNG);
    const chip = pendingChips(page).first();
    await chip.waitFor({ timeout: 10_000 });
    expect(await chip.textContent()).toContain('shot.png');
    expect(await chip.locator('img').getAttribute('src')).toBe(`data:image/png;base64,${PNG}`);
    await messageInput(page).press('Enter');
    await pendingChips(page).first().waitFor({ state: 'detached', timeout: 30_000 });
    await waitUntilReady(page);

    const request = fx.llm.requests.filter((recorded) => recorded.method === 'POST').at(-1);
    expect(request?.path).toBe('/v1/messages');
    const body = request?.body as {
      messages: { role: string; content: unknown }[];
    };
    const content = body.messages.filter((message) => message.role === 'user').at(-1)?.content;
    expect(content).toEqual(
      expect.arrayContaining([
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
      ]),
    );
    const sent = page.locator('[data-role="user"]').last();
    expect(await sent.locator('.attachment-chip[data-kind="image"]').textContent()).toContain(
      'shot.png',
    );
    // Kept with the session: a reloaded page shows the chip again.
    await page.reload();
    await messageInput(page).waitFor({ timeout: 30_000 });
    await expect
      .poll(() =>
        page.locator('[data-role="user"] .attachment-chip[data-kind="image"]').allTextContents(),
      )
      .toEqual([expect.stringContaining('shot.png')]);
  });

  it('queues a message with an image while a turn runs, naming it in the queue, and sends it after', async () => {
    const { page } = fx.tab;
    await send(page, 'answer slowly');
    await page.getByRole('button', { name: 'Stop' }).waitFor({ timeout: 30_000 });
    await messageInput(page).fill('and then look at this');
    await pasteImage(page, 'later.png', PNG);
    await pendingChips(page).first().waitFor({ timeout: 10_000 });
    await messageInput(page).press('Enter');
    const queued = page.getByRole('region', { name: 'Queued messages' });
    await expect
      .poll(() => queued.locator('.attachment-chip').allTextContents(), { timeout: 30_000 })
      .toEqual(['later.png']);
    expect(await pendingChips(page).count()).toBe(0);
    fx.llm.release();
    await queued.waitFor({ state: 'detached', timeout: 30_000 });
    await waitUntilReady(page);
    const last = fx.llm.requests.filter((request) => request.method === 'POST').at(-1);
    expect(JSON.stringify(last?.body)).toContain('and then look at this');
    expect(JSON.stringify(last?.body)).toContain(PNG);
  });

  it('refuses an image for a model that takes none: a sentence, and the prompt keeps text and chip', async () => {
    const { page } = fx.tab;
    await send(page, '/model plain');
    await expect
      .poll(() => notes(page).allTextContents())
      .toContain('The model is now plain for this session.');
    const before = fx.llm.requests.length;
    await messageInput(page).fill('and this one?');
    await pasteImage(page, 'second.png', PNG);
    await pendingChips(page).first().waitFor({ timeout: 10_000 });
    await messageInput(page).press('Enter');
    await expect
      .poll(() => notes(page).allTextContents(), { timeout: 30_000 })
      .toContainEqual(expect.stringMatching(/^The message was not sent: .*does not take images/));
    expect(await messageInput(page).inputValue()).toBe('and this one?');
    expect(await pendingChips(page).allTextContents()).toEqual([
      expect.stringContaining('second.png'),
    ]);
    expect(fx.llm.requests.length).toBe(before);

    // Removed, the chip is gone and the message goes without it.
    await pendingChips(page).first().getByRole('button', { name: 'Remove second.png' }).click();
    expect(await pendingChips(page).count()).toBe(0);
  });

  it('says why an image too big or a file that is no image is not attached; takes a dropped one', async () => {
    const { page } = fx.tab;
    await messageInput(page).fill('');
    await pasteImage(page, 'notes.pdf', btoaOf('%PDF-1.4'), 'application/pdf');
    await expect
      .poll(() => notes(page).allTextContents(), { timeout: 10_000 })
      .toContainEqual(
        expect.stringMatching(/^notes\.pdf was not attached: only PNG, JPEG, GIF and WebP/),
      );
    await messageInput(page).evaluate((area) => {
      const transfer = new DataTransfer();
      transfer.items.add(
        new File([new Uint8Array(6 * 1024 * 1024)], 'huge.png', { type: 'image/png' }),
      );
      area.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
      );
    });
    await expect
      .poll(() => notes(page).allTextContents(), { timeout: 10_000 })
      .toContainEqual(expect.stringMatching(/^huge\.png was not attached: it is 6\.0 MB/));
    expect(await pendingChips(page).count()).toBe(0);

    // Dropped on the prompt, an image is attached as a pasted one is.
    await messageInput(page).evaluate((area, data) => {
      const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
      for (const type of ['dragover', 'drop'])
        area.dispatchEvent(
          new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
    }, PNG);
    await expect
      .poll(() => pendingChips(page).allTextContents(), { timeout: 10_000 })
      .toEqual([expect.stringContaining('dropped.png')]);
    await page.getByRole('button', { name: 'Remove dropped.png' }).click();
    expect(await pendingChips(page).count()).toBe(0);
  });

  it('adds a "# line" to the memory file the user picks', async () => {
    const { page } = fx.tab;
    await send(page, '# Always run the linter first');
    const dialog = page.getByRole('dialog', { name: 'Add this line to which memory file?' });
    await dialog.getByRole('button', { name: 'Project memory' }).click();
    const project = join(fx.web.workdir, 'AGENTS.md');
    await expect
      .poll(() => notes(page).allTextContents(), { timeout: 30_000 })
      .toContain(`Added to ${project}; the model reads it from its next call.`);
    expect(readFileSync(project, 'utf8')).toContain('Always run the linter first');

    await send(page, '# I prefer tabs');
    await dialog.getByRole('button', { name: 'Your memory' }).click();
    const user = join(fx.web.waveHome, 'AGENTS.md');
    await expect
      .poll(() => notes(page).allTextContents(), { timeout: 30_000 })
      .toContain(`Added to ${user}; the model reads it from its next call.`);
    expect(readFileSync(user, 'utf8')).toContain('I prefer tabs');
    expect(readFileSync(project, 'utf8')).not.toContain('I prefer tabs');

    // /memory lists both; /memory N here (no editor to open it in) says where the file is.
    await send(page, '/memory');
    await expect
      .poll(() => notes(page).allTextContents(), { timeout: 10_000 })
      .toContainEqual(expect.stringMatching(/Memory files[\s\S]*AGENTS\.md[\s\S]*AGENTS\.md/));
    await send(page, '/memory 1');
    await expect
      .poll(() => notes(page).allTextContents(), { timeout: 10_000 })
      .toContainEqual(expect.stringMatching(/^Open .*AGENTS\.md in your editor to change it\.$/));

    // Cancelled, nothing is written and the line stays in the prompt.
    await send(page, '# never mind');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await messageInput(page).inputValue()).toBe('# never mind');
    expect(existsSync(project) && readFileSync(project, 'utf8')).not.toContain('never mind');
  });
});

function btoaOf(text: string): string {
  return Buffer.from(text).toString('base64');
}
