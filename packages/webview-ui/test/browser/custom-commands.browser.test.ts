// A Claude Code project's custom commands in the chat UI: the real `wave web` in a folder with
// `.claude/commands/`, mock-llm behind it, real Chromium. Typing `/` completes them with their
// argument hints and descriptions from the session state; sending one shows what was typed while
// the model gets the expanded prompt; a command whose file cannot be used is listed with why.
import { describe, expect, it } from 'vitest';
import { useChatFixture } from '../harness/chat-fixture.js';
import { lastAssistantText, messageInput, send, waitUntilReady } from '../harness/chat.js';

const fx = useChatFixture({
  scenario: { name: 'review', turns: [{ reply: [{ type: 'text', text: 'Reviewed.' }] }] },
  files: {
    '.claude/commands/review.md':
      '---\ndescription: Review a change\nargument-hint: <change>\n---\nReview change $1 in the chat UI.',
    '.claude/commands/frontend/component.md': 'Make a component named $ARGUMENTS.',
    '.claude/commands/broken.md': '---\ndescription: [oops\n---\nx',
  },
});

describe('custom commands in the chat UI', () => {
  it('completes them with hint and description, sends one expanded, and lists a broken one with why', async () => {
    const { page } = fx.tab;
    const input = messageInput(page);
    const list = page.getByRole('listbox', { name: 'Commands' });
    await input.fill('/rev');
    const review = list.getByRole('option').filter({ hasText: '/review <change>' });
    await review.waitFor({ timeout: 30_000 });
    expect(await review.locator('.completion-description').textContent()).toBe('Review a change');
    await input.fill('/front');
    await list.getByRole('option').filter({ hasText: '/frontend:component' }).waitFor();
    await input.fill('/broken');
    const broken = list.getByRole('option').filter({ hasText: '/broken' });
    expect(await broken.locator('.completion-description').textContent()).toMatch(
      /^cannot be used: .*broken\.md cannot be used: its front matter is not valid YAML/,
    );
    await input.fill('');

    await send(page, '/review 9');
    await page.getByText('Reviewed.').waitFor({ timeout: 30_000 });
    await waitUntilReady(page);
    expect(await lastAssistantText(page)).toBe('Reviewed.');
    const sent = fx.llm.requests.filter((request) => request.method === 'POST').at(-1)?.body;
    expect(JSON.stringify(sent)).toContain('Review change 9 in the chat UI.');
    await page.getByText('/review 9', { exact: true }).first().waitFor();
    await expect(page.getByText('Review change 9 in the chat UI.').count()).resolves.toBe(0);
  });
});
