// /usage (and /cost) and /context in the chat UI, against a real agent (`wave web`) and
// tools/mock-llm, in real Chromium: after a turn, the tokens and cost per model, and the parts of
// the last request adding up to the input tokens the provider reported, as a bar and a table.
import { describe, expect, it } from 'vitest';
import { send, waitUntilReady } from '../harness/chat.js';
import { useChatFixture } from '../harness/chat-fixture.js';

const fx = useChatFixture({
  scenario: {
    name: 'one costed answer',
    turns: [
      {
        reply: [{ type: 'text', text: 'Counted.' }],
        usage: { inputTokens: 12_000, outputTokens: 800 },
      },
    ],
  },
  web: () => ({ env: { WAVE_MODEL: 'gpt-4.1' } }),
  files: { 'AGENTS.md': 'Keep answers short.\n'.repeat(30) },
  page: { width: 900, height: 1000 },
});

describe('/usage and /context in the chat UI', () => {
  it('says the cost per model, and what filled the context of the last request', async () => {
    const { page } = fx.tab;
    await send(page, 'count');
    await page.getByText('Counted.').waitFor({ timeout: 30_000 });
    await waitUntilReady(page);

    await send(page, '/usage');
    // 12000 × $2 + 800 × $8 per million = $0.0304.
    await page
      .getByText('gpt-4.1: 12k input, 800 output, 0 cache read, 0 cache write ($0.0304)')
      .waitFor({ timeout: 10_000 });
    await send(page, '/cost');
    // /cost says the same as /usage: a second note with the same total.
    await expect
      .poll(() => page.locator('.note-text', { hasText: 'Total cost: $0.0304' }).count())
      .toBe(2);

    await send(page, '/context');
    const note = page.locator('.note-text', { hasText: 'Context of the last request' });
    await note.waitFor({ timeout: 10_000 });
    const table = await note.innerText();
    expect(table).toMatch(/Sent in all\s+12,000/);
    const counts = [
      'System prompt',
      'Tools',
      'MCP tools',
      'Agents list',
      'Memory files',
      'Skills list',
      'Messages',
    ].map((label) =>
      Number(new RegExp(`${label}\\s+([\\d,]+)`).exec(table)![1]!.replaceAll(',', '')),
    );
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(12_000);
    expect(counts[4]).toBeGreaterThan(0);
    // The bar: fifty cells of the parts and the free space.
    const bar = table.split('\n')[1]!;
    expect([...bar]).toHaveLength(50);
    expect(bar).toMatch(/░+$/);
  });
});
