// An MCP server's prompts as slash commands in the chat UI: the real `wave web` with the npm
// reference server `@modelcontextprotocol/server-everything` (pinned in packages/code) as the
// user's server in $WAVE_HOME/settings.json, mock-llm behind it, real Chromium. Typing `/mcp__`
// completes the prompts with their arguments from the session state once the server connects;
// sending one shows what was typed while the model reads the prompt the server made of it.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { useChatFixture } from '../harness/chat-fixture.js';
import { lastAssistantText, messageInput, send, waitUntilReady } from '../harness/chat.js';

const EVERYTHING_SERVER = createRequire(
  new URL('../../../code/package.json', import.meta.url),
).resolve('@modelcontextprotocol/server-everything/dist/index.js');

const fx = useChatFixture({
  scenario: { name: 'weather', turns: [{ reply: [{ type: 'text', text: 'Mild in Oslo.' }] }] },
  settings: () => ({
    mcpServers: { everything: { command: 'node', args: [EVERYTHING_SERVER, 'stdio'] } },
  }),
});

describe('MCP prompts in the chat UI', () => {
  it('completes a server’s prompts with their arguments and sends one as the server’s prompt', async () => {
    const { page } = fx.tab;
    const input = messageInput(page);
    const list = page.getByRole('listbox', { name: 'Commands' });
    await input.fill('/mcp__every');
    const prompt = list.getByRole('option').filter({ hasText: '/mcp__everything__args-prompt' });
    await prompt.waitFor({ timeout: 60_000 });
    expect(await prompt.textContent()).toContain('/mcp__everything__args-prompt <city> [state]');
    expect(await prompt.locator('.completion-description').textContent()).toBe(
      'A prompt with two arguments, one required and one optional (MCP everything)',
    );
    await input.fill('');

    await send(page, '/mcp__everything__args-prompt Oslo');
    await page.getByText('Mild in Oslo.').waitFor({ timeout: 30_000 });
    await waitUntilReady(page);
    expect(await lastAssistantText(page)).toBe('Mild in Oslo.');
    const sent = fx.llm.requests.filter((request) => request.method === 'POST').at(-1)?.body;
    expect(JSON.stringify(sent)).toContain("What's weather in Oslo?");
    await page.getByText('/mcp__everything__args-prompt Oslo', { exact: true }).first().waitFor();
    await expect(page.getByText("What's weather in Oslo?").count()).resolves.toBe(0);
  });
});
