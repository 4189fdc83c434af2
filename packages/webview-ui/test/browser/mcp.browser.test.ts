// /mcp in the browser: the real `wave web` with the user's MCP servers in $WAVE_HOME/settings.json
// (a real notes server built with the SDK, and a program that is not there), mock-llm behind it,
// real Chromium. The dialog shows each server's state from the session state as it changes: the
// notes server connected with its tool, the other failed with the reason.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useChatFixture } from '../harness/chat-fixture.js';
import { messageInput, send } from '../harness/chat.js';

const NOTES_SERVER = fileURLToPath(
  new URL('../../../code/test/e2e/fixtures/claude-code-project/notes-server.mjs', import.meta.url),
);

const fx = useChatFixture({
  scenario: { name: 'idle', turns: [{ reply: [{ type: 'text', text: 'unused' }] }] },
  settings: () => ({
    mcpServers: {
      notes: { command: 'node', args: [NOTES_SERVER] },
      ghost: { command: 'wave-test-no-such-mcp-server' },
    },
  }),
});

describe('/mcp in the browser', () => {
  it('opens a dialog listing each server live: connected with its tools, or failed and why', async () => {
    const { page } = fx.tab;
    await send(page, '/mcp');
    const dialog = page.getByRole('dialog', { name: 'MCP servers' });
    await dialog.waitFor({ timeout: 30_000 });
    const notes = dialog.locator('[data-server="notes"]');
    await dialog
      .locator('[data-server="notes"][data-state="connected"]')
      .waitFor({ timeout: 60_000 });
    expect(await notes.textContent()).toContain('connected · 1 tool');
    expect(await notes.textContent()).toContain(`node ${NOTES_SERVER}`);
    expect(await notes.textContent()).toContain('mcp__notes__add_note');
    const ghost = dialog.locator('[data-server="ghost"][data-state="failed"]');
    await ghost.waitFor({ timeout: 60_000 });
    expect(await ghost.textContent()).toContain(
      'Wave could not start "wave-test-no-such-mcp-server": there is no such program (ENOENT)',
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    await expect(messageInput(page).isVisible()).resolves.toBe(true);
  });
});
