// Tool cards drawn from each tool's look (shared-protocol's toolView) in the chat UI, against a
// real agent (`wave web`), tools/mock-llm and a real MCP server, in real Chromium: an MCP tool
// reads as its server and tool with its input as key values (not `mcp__notes__add_note` and a
// JSON string), a Bash call shows the command it ran, an Edit its diff instead of its output.
import { fileURLToPath } from 'node:url';
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { send } from '../harness/chat.js';
import { useChatFixture } from '../harness/chat-fixture.js';

const NOTES_SERVER = fileURLToPath(
  new URL('../../../code/test/e2e/fixtures/claude-code-project/notes-server.mjs', import.meta.url),
);

const THREE_TOOLS: Scenario = {
  name: 'three tools',
  turns: [
    {
      reply: [
        { type: 'tool_call', name: 'mcp__notes__add_note', input: { text: 'buy milk' } },
        {
          type: 'tool_call',
          name: 'Bash',
          input: { command: 'echo looks', description: 'Say it' },
        },
        {
          type: 'tool_call',
          name: 'Edit',
          input: { file_path: 'notes.txt', old_string: 'old line', new_string: 'new line' },
        },
      ],
    },
    { reply: [{ type: 'text', text: 'All done.' }] },
  ],
};

const fx = useChatFixture({
  scenario: THREE_TOOLS,
  settings: () => ({ mcpServers: { notes: { command: 'node', args: [NOTES_SERVER] } } }),
  web: () => ({ args: ['--permission-mode', 'bypassPermissions'] }),
  files: { 'notes.txt': 'old line\n' },
});

describe('tool cards from their looks', () => {
  it('shows an MCP tool by server and tool with its input, a command, and an edit as its diff', async () => {
    const { page } = fx.tab;
    await send(page, 'note it, say it, change it');
    await page.getByText('All done.').waitFor({ timeout: 60_000 });

    const note = page.locator('.tool-card[data-tool-name="mcp__notes__add_note"]');
    expect(await note.locator('.tool-name').textContent()).toBe('notes · add_note');
    expect(await note.locator('.view-key-values dt').allTextContents()).toEqual(['text']);
    expect(await note.locator('.view-key-values dd').allTextContents()).toEqual(['buy milk']);
    expect(await note.locator('.tool-output').textContent()).toContain('Saved note 1: buy milk');

    const bash = page.locator('.tool-card[data-tool-name="Bash"]');
    expect(await bash.locator('.tool-command').textContent()).toBe('$ echo looks');
    expect(await bash.locator('.view-key-values dd').allTextContents()).toEqual(['Say it']);
    expect(await bash.locator('.tool-output').textContent()).toContain('looks');

    const edit = page.locator('.tool-card[data-tool-name="Edit"]');
    expect(await edit.getAttribute('data-tool-kind')).toBe('edit');
    expect(await edit.locator('.diff-removed').allTextContents()).toEqual(['- old line\n']);
    expect(await edit.locator('.diff-added').allTextContents()).toEqual(['+ new line\n']);
    // The diff says what the edit did: its output is not shown beside it.
    expect(await edit.locator('.tool-output').count()).toBe(0);
  });
});
