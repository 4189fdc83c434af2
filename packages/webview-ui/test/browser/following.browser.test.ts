// Following the stream, in real Chromium against a real agent: the view stays at the bottom
// while the reader is there; any upward intent (wheel, PageUp/ArrowUp/Home, the scrollbar, a
// touch) stops that at once, and from then on nothing moves the view — more text, a tool card
// growing, the agent's next message, the turn ending — until the reader goes back to the bottom,
// presses "Jump to latest" or sends a message (Claude Code #11092, #76350, Cline #13932, Cline
// PR #12527).
import type { Scenario } from '@wave-agent/mock-llm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useChatFixture } from '../harness/chat-fixture.js';
import {
  conversation,
  lastAssistantText,
  messageInput,
  openChat,
  send,
  waitForText,
  waitUntilReady,
} from '../harness/chat.js';
import { openPage } from '../harness/chromium.js';
import {
  firstVisibleMessage,
  logBox,
  scrollState,
  settledScrollHeight,
  settledScrollTop,
  stopWatching,
  watchPositions,
} from '../harness/scroll-probes.js';

/** A long reply, then a command whose output grows its card, then the agent's next message. */
function longTurn(name: string, delayMs: number): Scenario {
  return {
    name,
    chunkSize: 8,
    delayMs,
    turns: [
      {
        reply: [
          {
            type: 'text',
            repeat: { pattern: 'A line of the reply that streams in.\n\n', count: 120 },
          },
          {
            type: 'tool_call',
            id: 'call_1',
            name: 'Bash',
            input: { command: 'for i in $(seq 1 30); do echo output line $i; sleep 0.03; done' },
          },
        ],
      },
      {
        match: { lastToolResultContains: 'output line 30' },
        reply: [
          { type: 'text', repeat: { pattern: 'After the command, more text.\n\n', count: 60 } },
          { type: 'text', text: 'THE END' },
        ],
      },
    ],
  };
}

/** A reply long enough to scroll, for the intents: stopped with Stop once checked. */
function plainStream(name: string): Scenario {
  return {
    name,
    chunkSize: 8,
    delayMs: 5,
    turns: [
      { reply: [{ type: 'text', repeat: { pattern: 'Streaming on and on.\n\n', count: 400 } }] },
    ],
  };
}

async function stopTurn(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Stop' }).click();
  await waitUntilReady(page);
}

function jumpButton(page: Page) {
  return page.getByRole('button', { name: 'Jump to latest' });
}

async function waitForOverflow(page: Page, screens: number): Promise<void> {
  await page.waitForFunction((wanted) => {
    const log = document.querySelector('[role="log"]')!;
    return log.scrollHeight > log.clientHeight * wanted;
  }, screens);
}

const fx = useChatFixture({
  scenario: longTurn('idle', 0),
  web: () => ({ args: ['--permission-mode', 'bypassPermissions'] }),
  page: { width: 900, height: 600 },
});

/**
 * PageDown until the view is at the end, as a reader does: on a loaded machine a late render can
 * make the conversation taller after the PageUp, and one page down then stops short of the end.
 */
async function pageDownToBottom(page: Page): Promise<void> {
  for (let presses = 0; presses < 5; presses += 1) {
    await page.keyboard.press('PageDown');
    await settledScrollTop(page);
    if ((await scrollState(page)).fromBottom <= 4) return;
  }
}

describe('following the stream', () => {
  it('stays at the bottom while following; after a wheel up nothing moves the view until "Jump to latest"', async () => {
    const { page } = fx.tab;
    fx.llm.setScenario(longTurn('follow then read', 4));
    await watchPositions(page);
    await send(page, 'a long answer with a command');
    await waitForOverflow(page, 3);
    const following = await stopWatching(page);
    // Every frame painted while following was at the bottom.
    expect(following.length).toBeGreaterThan(10);
    expect(Math.max(...following.map((sample) => sample.fromBottom))).toBeLessThanOrEqual(4);
    await expect.poll(() => jumpButton(page).count()).toBe(0);

    // The reader turns the wheel up: following stops at once.
    const box = await logBox(page);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -400);
    await jumpButton(page).waitFor({ timeout: 10_000 });
    await page.waitForTimeout(100);
    const anchor = await firstVisibleMessage(page);
    await watchPositions(page, anchor);
    // The reply goes on, the command's card grows, the agent's next message comes, the turn ends.
    await waitForText(page, (text) => text.endsWith('THE END'), 'the end of the turn');
    await waitUntilReady(page);
    await page.waitForTimeout(200);
    const reading = await stopWatching(page);
    expect(reading.length).toBeGreaterThan(10);
    const first = reading[0]!;
    for (const sample of reading) {
      expect(
        Math.abs(sample.top - first.top),
        `frame ${sample.frame}: the message moved`,
      ).toBeLessThanOrEqual(1);
      expect(
        Math.abs(sample.scrollTop - first.scrollTop),
        `frame ${sample.frame}: the view scrolled`,
      ).toBeLessThanOrEqual(1);
    }
    expect((await scrollState(page)).fromBottom).toBeGreaterThan(500);

    await jumpButton(page).click();
    await expect.poll(async () => (await scrollState(page)).fromBottom).toBeLessThanOrEqual(4);
    await expect.poll(() => jumpButton(page).count()).toBe(0);
    expect(await lastAssistantText(page)).toContain('THE END');
  });

  it.each([['PageUp'], ['ArrowUp'], ['Home']])(
    'stops following on %s and follows again at the bottom (End)',
    async (key) => {
      const { page } = fx.tab;
      fx.llm.setScenario(plainStream(`key ${key}`));
      await send(page, `stream for ${key}`);
      await waitForOverflow(page, 2);
      await conversation(page).focus();
      await page.keyboard.press(key);
      await jumpButton(page).waitFor({ timeout: 10_000 });
      const held = await settledScrollTop(page);
      await page.waitForTimeout(400);
      expect(Math.abs((await scrollState(page)).scrollTop - held)).toBeLessThanOrEqual(1);
      // Back at the bottom by the reader's own hand: following again.
      await page.keyboard.press('End');
      await expect.poll(() => jumpButton(page).count(), { timeout: 10_000 }).toBe(0);
      await expect
        .poll(async () => (await scrollState(page)).fromBottom, { timeout: 10_000 })
        .toBeLessThanOrEqual(4);
      await stopTurn(page);
    },
  );

  it('stops following when the reader drags the scrollbar up, even after the same drag took it to the bottom', async () => {
    const { page } = fx.tab;
    // The reply pauses after a few screens: a thumb dragged while the content grows fast lags
    // behind the end (Chromium maps the drag on the range it had), so the pause lets the drag
    // reach the bottom; the rest comes once the reader has dragged up again.
    fx.llm.setScenario({
      name: 'scrollbar',
      chunkSize: 8,
      delayMs: 2,
      turns: [
        {
          faults: [{ kind: 'hold', afterChunks: 400 }],
          reply: [
            { type: 'text', repeat: { pattern: 'Streaming on and on.\n\n', count: 400 } },
            { type: 'text', text: 'THE END' },
          ],
        },
      ],
    });
    await send(page, 'stream for the scrollbar');
    await waitForOverflow(page, 3);
    await settledScrollHeight(page);
    const box = await logBox(page);
    expect(box.scrollbar).toBeGreaterThan(0);
    // The thumb sits at the end of the track, just above the down arrow (as tall as the bar is wide).
    const x = box.x + box.width - box.scrollbar / 2;
    const trackEnd = box.y + box.height - box.scrollbar - 4;
    await page.mouse.move(x, trackEnd);
    await page.mouse.down();
    await page.mouse.move(x, box.y + box.height / 2, { steps: 5 });
    await jumpButton(page).waitFor({ timeout: 10_000 });
    // Down to the end of the track (past it, as a hand does): at the bottom, following again…
    await page.mouse.move(x, box.y + box.height + 40, { steps: 5 });
    await expect.poll(() => jumpButton(page).count(), { timeout: 10_000 }).toBe(0);
    // …and back up in the same drag: following stops at once, and the view stays there while
    // the rest of the reply comes.
    await page.mouse.move(x, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await jumpButton(page).waitFor({ timeout: 10_000 });
    const held = await settledScrollTop(page);
    fx.llm.release();
    await waitForText(page, (text) => text.endsWith('THE END'), 'the end of the reply');
    await waitUntilReady(page);
    expect(Math.abs((await scrollState(page)).scrollTop - held)).toBeLessThanOrEqual(1);
    expect((await scrollState(page)).fromBottom).toBeGreaterThan(500);
    await jumpButton(page).click();
    await expect
      .poll(async () => (await scrollState(page)).fromBottom, { timeout: 10_000 })
      .toBeLessThanOrEqual(4);

    // At rest at the bottom, a press on the thumb stops following; letting go there, without
    // moving it, leaves the reader at the bottom: following again.
    await page.mouse.move(x, trackEnd);
    await page.mouse.down();
    await jumpButton(page).waitFor({ timeout: 10_000 });
    await page.mouse.up();
    await expect.poll(() => jumpButton(page).count(), { timeout: 10_000 }).toBe(0);
  });

  it('follows again on a wheel down when the view is at the bottom already (the window grew taller)', async () => {
    const { page } = fx.tab;
    await conversation(page).focus();
    await page.keyboard.press('ArrowUp');
    await jumpButton(page).waitFor({ timeout: 10_000 });
    await settledScrollTop(page);
    expect((await scrollState(page)).fromBottom).toBeGreaterThan(4);
    // A taller window shows the end: the view is at the bottom, but the reader did not take it
    // there, so it does not follow yet; nothing can scroll further down.
    await page.setViewportSize({ width: 900, height: 800 });
    await expect
      .poll(async () => (await scrollState(page)).fromBottom, { timeout: 10_000 })
      .toBeLessThanOrEqual(4);
    expect(await jumpButton(page).count()).toBe(1);
    const box = await logBox(page);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 100);
    await expect.poll(() => jumpButton(page).count(), { timeout: 10_000 }).toBe(0);
    await page.setViewportSize({ width: 900, height: 600 });
  });

  it('pages up and back down from the prompt (PageUp/PageDown): following stops, then starts again at the bottom', async () => {
    const { page } = fx.tab;
    await messageInput(page).focus();
    await page.keyboard.press('PageUp');
    await jumpButton(page).waitFor({ timeout: 10_000 });
    await settledScrollTop(page);
    expect((await scrollState(page)).fromBottom).toBeGreaterThan(100);
    await pageDownToBottom(page);
    await expect.poll(() => jumpButton(page).count(), { timeout: 10_000 }).toBe(0);
    expect((await scrollState(page)).fromBottom).toBeLessThanOrEqual(4);
  });

  it('follows again after paging back down to the bottom on a busy page (the scroll reported late)', async () => {
    const { page } = fx.tab;
    await messageInput(page).focus();
    await page.keyboard.press('PageUp');
    await jumpButton(page).waitFor({ timeout: 10_000 });
    await settledScrollTop(page);
    // The page is busy right after the key (a long task, as on a loaded machine): the scroll is
    // reported in the frame after it, longer after the key than a reader's scroll is awaited.
    await page.evaluate(() =>
      window.addEventListener(
        'keydown',
        (event) => {
          if (event.key !== 'PageDown') return;
          const until = performance.now() + 1500;
          while (performance.now() < until);
        },
        { once: true },
      ),
    );
    await pageDownToBottom(page);
    await expect.poll(() => jumpButton(page).count(), { timeout: 10_000 }).toBe(0);
    expect((await scrollState(page)).fromBottom).toBeLessThanOrEqual(4);
  });

  it('follows again when the reader sends a message: its reply streams in view', async () => {
    const { page } = fx.tab;
    await messageInput(page).focus();
    await page.keyboard.press('PageUp');
    await jumpButton(page).waitFor({ timeout: 10_000 });
    fx.llm.setScenario(plainStream('sent while reading'));
    await send(page, 'and one more thing');
    await expect.poll(() => jumpButton(page).count(), { timeout: 10_000 }).toBe(0);
    await waitForOverflow(page, 2);
    await expect
      .poll(async () => (await scrollState(page)).fromBottom, { timeout: 10_000 })
      .toBeLessThanOrEqual(4);
    expect(await jumpButton(page).count()).toBe(0);
    await stopTurn(page);
  });

  it('stops following when a finger drags the content down, and follows again once wheeled back to the bottom', async () => {
    const touch = await openPage(fx.browser, { width: 900, height: 600 });
    const page = touch.page;
    await openChat(page, fx.web.url);
    fx.llm.setScenario(plainStream('touch'));
    await send(page, 'stream for touch');
    await waitForOverflow(page, 2);
    const box = await logBox(page);
    const cdp = await touch.context.newCDPSession(page);
    const x = box.x + box.width / 2;
    const y = box.y + 100;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let step = 1; step <= 5; step++)
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x, y: y + step * 30 }],
      });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await jumpButton(page).waitFor({ timeout: 10_000 });
    // The swipe flings on for a while; Chromium ignores the wheel until the fling has ended, as
    // a person's hand would wait for it.
    await settledScrollTop(page);
    // Wheeling down to the very bottom follows again, without the button.
    await page.mouse.move(x, box.y + box.height / 2);
    const deadline = Date.now() + 20_000;
    while ((await jumpButton(page).count()) > 0 && Date.now() < deadline) {
      await page.mouse.wheel(0, 2000);
      await page.waitForTimeout(50);
    }
    await expect.poll(() => jumpButton(page).count(), { timeout: 10_000 }).toBe(0);
    await expect
      .poll(async () => (await scrollState(page)).fromBottom, { timeout: 10_000 })
      .toBeLessThanOrEqual(4);
    await stopTurn(page);
    await touch.context.close();
  });
});
