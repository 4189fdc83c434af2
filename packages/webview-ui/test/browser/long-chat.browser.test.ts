// A long chat in real Chromium against a real agent (`wave web`) and tools/mock-llm: a saved
// session of 1,000 messages, resumed from the sessions list. The DOM holds a few dozen rows
// however far the reader scrolls and while a reply streams (the list is virtualised), and after
// /clear the page's memory comes back near where it was before the long chat was opened
// (JS heap after a forced garbage collection, through the DevTools protocol). How fast input
// stays while streaming is measured in `pnpm bench`, not asserted here.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  conversation,
  lastAssistantText,
  numberedWords,
  send,
  waitForText,
  waitUntilReady,
} from '../harness/chat.js';
import { useChatFixture } from '../harness/chat-fixture.js';
import { heapAfterGc } from '../harness/memory.js';
import { seedSession } from '../harness/seed-session.js';
import type { SeededSession } from '../harness/seed-session.js';
import { tempDir } from '../harness/wave-web-process.js';

const TURNS = 500;
/** Rows the virtualised list may hold: the viewport's and an overscan at each edge. */
const MAX_ROWS = 40;

let seeded: SeededSession;

function rows(page: Page): Promise<number> {
  return page.locator('.conversation-row').count();
}

/**
 * The heap after /clear and the first exchange of the new conversation: React keeps each
 * component's previous render until it renders again, so what /clear let go of is seen once the
 * view has rendered after it, as it does when the reader goes on.
 */
async function clearedAndGreeted(page: Page): Promise<number> {
  await send(page, '/clear');
  await page.getByText('Ask Wave anything about this folder.').waitFor({ timeout: 30_000 });
  await send(page, 'hello');
  await waitForText(page, (text) => text === 'Hello again.', 'the greeting');
  await waitUntilReady(page);
  return heapAfterGc(page);
}

/** Resumes the seeded session from the sessions list and waits for its last message. */
async function resumeLongChat(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sessions' }).click();
  await page.getByRole('button', { name: new RegExp(`^${seeded.title}\\b`) }).click();
  await row(page, 2 * TURNS - 1).waitFor({ timeout: 60_000 });
}

async function openLongChatAndStream(page: Page): Promise<void> {
  await resumeLongChat(page);
  await send(page, 'stream in a long chat');
  await waitForText(page, (text) => text.endsWith('L400'), 'the last word');
  await waitUntilReady(page);
}

function row(page: Page, index: number) {
  return page.locator(`.conversation-row[data-index="${index}"]`);
}

const fx = useChatFixture({
  scenario: {
    name: 'stream in a long chat',
    chunkSize: 6,
    delayMs: 2,
    turns: [
      { match: { lastUserContains: 'hello' }, reply: [{ type: 'text', text: 'Hello again.' }] },
      {
        match: { lastUserContains: 'stream' },
        reply: [{ type: 'text', numberedWords: { count: 400, prefix: 'L' } }],
      },
    ],
  },
  // The long session is saved in wave web's folders before it starts.
  web: async () => {
    const waveHome = tempDir('home');
    const workdir = tempDir('work');
    seeded = await seedSession({ waveHome, workdir, turns: TURNS });
    return { waveHome, workdir };
  },
});

describe('a chat of 1,000 messages', () => {
  it('keeps a few dozen rows in the DOM, wherever the reader is and while a reply streams', async () => {
    const { page } = fx.tab;
    expect(seeded.messages).toBe(2 * TURNS);
    await resumeLongChat(page);
    expect(await rows(page)).toBeLessThanOrEqual(MAX_ROWS);
    expect(await rows(page)).toBeGreaterThan(0);

    // At the top: the first messages are there, and still only a few dozen rows.
    await conversation(page).focus();
    await page.keyboard.press('Home');
    await row(page, 0).waitFor({ timeout: 30_000 });
    expect(await rows(page)).toBeLessThanOrEqual(MAX_ROWS);
    expect(await row(page, 2 * TURNS - 1).count()).toBe(0);

    // Back at the end, a reply streams into the long chat: the rows stay bounded all along.
    await page.keyboard.press('End');
    await page.evaluate(() => {
      const record = { max: 0, running: true };
      (window as unknown as { rowWatch: typeof record }).rowWatch = record;
      const tick = (): void => {
        if (!record.running) return;
        record.max = Math.max(record.max, document.querySelectorAll('.conversation-row').length);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await send(page, 'stream in a long chat');
    await waitForText(page, (text) => text.endsWith('L400'), 'the last word');
    await waitUntilReady(page);
    expect(await lastAssistantText(page)).toBe(numberedWords(400, 'L'));
    const most = await page.evaluate(() => {
      const record = (window as unknown as { rowWatch: { max: number; running: boolean } })
        .rowWatch;
      record.running = false;
      return record.max;
    });
    expect(most).toBeLessThanOrEqual(MAX_ROWS);
    expect(fx.tab.errors).toEqual([]);
  });

  it('gives its memory back after /clear', async () => {
    const { page } = fx.tab;
    // The baseline: the page after it had the long chat open once, /clear and a first
    // exchange. Compiled code lives on the heap too and stays: warmed up, it is the same on
    // both sides, so what is compared is what the page holds of the conversation.
    await clearedAndGreeted(page);
    await openLongChatAndStream(page);
    const baseline = await clearedAndGreeted(page);
    await openLongChatAndStream(page);
    const opened = await heapAfterGc(page);
    const cleared = await clearedAndGreeted(page);
    // The long chat took memory (so this says something), and /clear gave nearly all of it back.
    expect(opened - baseline).toBeGreaterThan(250_000);
    expect(cleared - baseline).toBeLessThan((opened - baseline) * 0.25);
  });
});
