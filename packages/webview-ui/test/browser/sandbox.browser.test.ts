// The sandbox in the browser: the real `wave web` with the sandbox on in settings.json, mock-llm behind it, real Chromium,
// commands under real bubblewrap. The tool card says the command ran sandboxed (and that it ran
// without a question because of it), /sandbox shows what the sandbox lets commands reach, from
// the session state, and /permissions the read-only list and the sandbox's state.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useChatFixture } from '../harness/chat-fixture.js';
import { send } from '../harness/chat.js';

// Outside the work folder and not in /tmp: the sandbox has a /tmp of its own, where a host
// folder is simply absent (the write would fail for another reason than the sandbox's).
const outsideDir = mkdtempSync('/var/tmp/wave-web-outside-');
const outside = join(outsideDir, 'escaped.txt');
afterAll(() => rmSync(outsideDir, { recursive: true, force: true }));

const fx = useChatFixture({
  scenario: {
    name: 'a sandboxed command',
    turns: [
      {
        reply: [
          {
            type: 'tool_call',
            name: 'Bash',
            input: { command: `echo made > inside.txt; echo out > ${outside}` },
          },
        ],
      },
      { reply: [{ type: 'text', text: 'Tried both.' }] },
    ],
  },
  settings: () => ({ sandbox: { enabled: true } }),
});

describe('the sandbox in the chat UI', () => {
  it('runs Bash without asking, offers a sandbox denial to run outside, and the card says it ran sandboxed', async () => {
    const { page } = fx.tab;
    await send(page, 'write two files');
    // The write outside failed in the sandbox: the user is offered to run it once outside.
    const offer = page.getByText(/The command failed in the sandbox: it tried to write outside/);
    await offer.waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Deny', exact: true }).click();
    await page.getByText('Tried both.').waitFor({ timeout: 60_000 });
    const card = page.locator('.tool-card[data-tool-name="Bash"]');
    expect(await card.locator('.sandbox-badge').textContent()).toBe('sandboxed');
    expect(await card.locator('.sandbox-badge').getAttribute('data-sandboxed')).toBe('yes');
    // Why it ran without a question, shown on the card (issue 37: shown, not hidden).
    expect(await card.locator('.tool-unasked').textContent()).toBe(
      'in the sandbox · ran without asking',
    );
    expect(await card.textContent()).toMatch(/Read-only file system/);
    expect(existsSync(outside)).toBe(false);
  });

  it('/sandbox opens a view of what the sandbox lets commands reach', async () => {
    const { page } = fx.tab;
    await send(page, '/sandbox');
    const dialog = page.getByRole('dialog', { name: 'Sandbox' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.locator('[data-sandbox-state]').getAttribute('data-sandbox-state')).toBe(
      'on',
    );
    const text = await dialog.textContent();
    expect(text).toContain('Commands run in the sandbox (bwrap).');
    expect(text).toContain('Network: cut off.');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
  });

  it("/permissions says what runs without a question: the read-only list and the sandbox's state", async () => {
    const { page } = fx.tab;
    await send(page, '/permissions');
    const note = page.getByText(/Read-only commands run without a question \(\d+ on the list\)/);
    await note.waitFor({ timeout: 30_000 });
    const text = (await note.textContent()) ?? '';
    expect(text).toMatch(/ls, pwd, .*git status\|diff\|log/);
    expect(text).toContain('Sandbox: Commands run in the sandbox (bwrap).');
  });
});
