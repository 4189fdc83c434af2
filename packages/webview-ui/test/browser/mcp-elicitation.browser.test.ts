// An MCP server's form (MCP elicitation) in the chat UI: the real `wave web` with the npm
// reference server `@modelcontextprotocol/server-everything` (pinned in packages/code) as the
// user's server, mock-llm calling its trigger-elicitation-request tool, real Chromium. The form
// is the question dialog under the server's name and message, one fieldset per field; an answer
// out of range is asked again saying why, and the fitting one reaches the server as typed values.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useChatFixture } from '../harness/chat-fixture.js';
import { send, waitForText, waitUntilReady } from '../harness/chat.js';
import { lastToolResults } from '../harness/llm-requests.js';

const EVERYTHING_SERVER = createRequire(
  new URL('../../../code/package.json', import.meta.url),
).resolve('@modelcontextprotocol/server-everything/dist/index.js');
const TOOL = 'mcp__everything__trigger-elicitation-request';

const fx = useChatFixture({
  page: { width: 1000, height: 900 },
  scenario: {
    name: 'elicits',
    turns: [
      {
        match: { lastToolResultContains: 'Raw result' },
        reply: [{ type: 'text', text: 'Form received.' }],
      },
      {
        match: { lastUserContains: 'fill in the form' },
        reply: [{ type: 'tool_call', name: TOOL, input: {} }],
      },
    ],
  },
  settings: () => ({
    mcpServers: { everything: { command: 'node', args: [EVERYTHING_SERVER, 'stdio'] } },
    permissions: { allow: [TOOL] },
  }),
});

/** Fills every field of the form as a person does; `integer` is what they type for it. */
async function fillForm(page: Page, integer: string): Promise<void> {
  const field = (index: number) => page.locator(`fieldset[data-question="${index}"]`);
  const typed = (index: number) => field(index).getByRole('textbox');
  const pick = (index: number, name: string) =>
    field(index).getByRole('radio', { name, exact: true }).check();
  const tick = (index: number, name: string) =>
    field(index).getByRole('checkbox', { name, exact: true }).check();
  await typed(0).fill('Ada Lovelace');
  await pick(1, 'Yes');
  await pick(2, 'It was a dark and stormy night. the default');
  await typed(3).fill('ada@example.org');
  await pick(4, 'Leave empty send no value');
  await typed(5).fill('1815-12-10');
  await typed(6).fill(integer);
  await pick(7, '3.14 the default');
  await pick(8, 'Phoebe');
  await tick(9, 'Piano');
  await tick(9, 'Drums');
  await pick(10, 'Wonder Woman');
  await tick(11, 'Salmon');
  await pick(12, 'Dogs');
}

describe('MCP elicitation in the chat UI', () => {
  it('asks the server’s form in the question dialog, asks again for what does not fit, and sends typed values', async () => {
    const { page } = fx.tab;
    await send(page, 'fill in the form');
    const dialog = page.getByRole('dialog', { name: 'The MCP server "everything" asks' });
    await dialog.waitFor({ timeout: 60_000 });
    expect(await dialog.locator('.user-question-message').textContent()).toBe(
      'Please provide inputs for the following fields:',
    );
    expect(await dialog.locator('fieldset').count()).toBe(13);
    await fillForm(page, '700');
    await dialog.getByRole('button', { name: 'Answer', exact: true }).click();
    await page
      .getByText(
        '(The last answer did not fit: Integer: 700 is more than 100. Please answer again.)',
      )
      .waitFor({ timeout: 30_000 });
    await fillForm(page, '7');
    await dialog.getByRole('button', { name: 'Answer', exact: true }).click();
    await waitForText(page, (text) => text === 'Form received.', 'the reply after the form');
    await waitUntilReady(page);
    expect(await page.getByRole('dialog').count()).toBe(0);
    const result = lastToolResults(fx.llm).replace(/\\n/g, '\n').replace(/\\"/g, '"');
    expect(result).toContain('User provided the requested information!');
    for (const value of [
      '"name": "Ada Lovelace"',
      '"integer": 7',
      '"untitledMultipleSelectEnum": [\n      "Piano",\n      "Drums"\n    ]',
      '"titledSingleSelectEnum": "hero-3"',
    ])
      expect(result).toContain(value);
  });
});
