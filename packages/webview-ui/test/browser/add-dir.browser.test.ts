// /add-dir in the chat UI, in real Chromium against a real `wave web` and tools/mock-llm: what is
// not a folder is refused with a sentence; a folder outside the work folder becomes one for the
// session, and the model reads a file there without a question.
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { send } from '../harness/chat.js';
import { useChatFixture } from '../harness/chat-fixture.js';

const shared = realpathSync(mkdtempSync(join(tmpdir(), 'wave-web-shared-')));
const notes = join(shared, 'notes.txt');
writeFileSync(notes, 'shared notes\n');
afterAll(() => rmSync(shared, { recursive: true, force: true }));

const fx = useChatFixture({
  scenario: {
    name: 'read a shared file',
    turns: [
      {
        match: { turnIndex: 0 },
        reply: [{ type: 'tool_call', name: 'Read', input: { file_path: notes } }],
      },
      { match: { turnIndex: 1 }, reply: [{ type: 'text', text: 'Read the notes.' }] },
    ],
  },
  files: { 'local.txt': 'a file\n' },
});

describe('/add-dir in the chat UI', () => {
  it('refuses a file, adds a folder, and a read there asks no question', async () => {
    const { page } = fx.tab;
    await send(page, '/add-dir local.txt');
    await page.getByText(/local\.txt is a file, not a folder: name a folder to add\./).waitFor({
      timeout: 30_000,
    });
    await send(page, `/add-dir ${shared}`);
    await page.getByText(`Added ${shared} as a work folder for this session`).waitFor({
      timeout: 30_000,
    });
    await send(page, 'read the shared notes');
    // No one answers a question here: had the Read asked, the reply could not have come.
    await page.getByText('Read the notes.').waitFor({ timeout: 60_000 });
    const card = page.locator('.tool-card[data-tool-name="Read"]');
    expect(await card.getAttribute('data-stage')).toBe('end');
    expect(await card.textContent()).toContain('shared notes');
  });
});
