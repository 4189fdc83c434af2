// The sessions sidebar is the host's choice (boot information `"sidebar": true`; the desktop app
// turns it on, its test shows it working): a `wave web` page, whose boot names only its folder,
// shows the chat alone, across the whole width, with no sidebar.
import { describe, expect, it } from 'vitest';
import { useChatFixture } from '../harness/chat-fixture.js';
import { conversation, messageInput } from '../harness/chat.js';

const fx = useChatFixture({
  scenario: { name: 'idle', turns: [{ reply: [{ type: 'text', text: 'unused' }] }] },
});

describe('a page whose boot does not turn the sessions sidebar on', () => {
  it('shows the chat alone, from the left edge, and no sidebar', async () => {
    const { page } = fx.tab;
    await expect(messageInput(page).isVisible()).resolves.toBe(true);
    expect(await page.getByRole('navigation', { name: 'Sessions' }).count()).toBe(0);
    expect(await page.locator('.with-sessions-sidebar').count()).toBe(0);
    const chat = await conversation(page).boundingBox();
    expect(chat?.x).toBe(0);
    expect(fx.tab.errors).toEqual([]);
  });
});
