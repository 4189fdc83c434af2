// /export in the chat UI, against a real agent (`wave web`) and tools/mock-llm, in real
// Chromium: after a turn with a tool call, /export NAME downloads the conversation as Markdown
// (the prompt, the model's words, the tool call's line) under that name, /export alone under the
// default name, and /export --copy puts the same Markdown on the clipboard.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { send, waitUntilReady } from '../harness/chat.js';
import { useChatFixture } from '../harness/chat-fixture.js';

const fx = useChatFixture({
  scenario: {
    name: 'read then answer',
    turns: [
      {
        match: { turnIndex: 0 },
        reply: [{ type: 'tool_call', name: 'Read', input: { file_path: 'notes.txt' } }],
      },
      { match: { turnIndex: 1 }, reply: [{ type: 'text', text: 'The notes say hello.' }] },
    ],
  },
  files: { 'notes.txt': 'hello from the notes\n' },
  page: { width: 900, height: 800 },
});

describe('/export in the chat UI', () => {
  it('downloads the conversation as Markdown, and copies it with --copy', async () => {
    const { page, context } = fx.tab;
    await send(page, 'what do the notes say?');
    await page.getByText('The notes say hello.').waitFor({ timeout: 30_000 });
    await waitUntilReady(page);

    const named = page.waitForEvent('download');
    await send(page, '/export notes/out.md');
    const download = await named;
    expect(download.suggestedFilename()).toBe('out.md');
    const markdown = readFileSync(await download.path(), 'utf8');
    expect(markdown).toContain('## You\n\n> what do the notes say?');
    expect(markdown).toContain('- **Read** `notes.txt`');
    expect(markdown).toContain('The notes say hello.');
    await page
      .locator('.note-text', { hasText: 'Exported the conversation as Markdown: out.md' })
      .waitFor({ timeout: 10_000 });

    const unnamed = page.waitForEvent('download');
    await send(page, '/export');
    expect((await unnamed).suggestedFilename()).toMatch(
      /^\d{4}-\d{2}-\d{2}-\d{6}-what-do-the-notes-say\.md$/,
    );

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await send(page, '/export --copy');
    await page
      .locator('.note-text', { hasText: 'Copied the conversation as Markdown' })
      .waitFor({ timeout: 10_000 });
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('> what do the notes say?');
    expect(copied).toContain('- **Read** `notes.txt`');
  });
});
