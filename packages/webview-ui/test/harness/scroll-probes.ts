// Where the conversation is scrolled, watched frame by frame inside the page: the distance from
// the bottom, and where a chosen message sits on the screen (it must not move while the reader
// is not following).
import type { Page } from 'playwright-core';

export interface PositionSample {
  readonly frame: number;
  /** The watched message's top on the screen. */
  readonly top: number;
  readonly scrollTop: number;
  readonly fromBottom: number;
}

declare global {
  interface Window {
    wavePositions: { running: boolean; samples: PositionSample[] } | undefined;
  }
}

/** Starts sampling every frame; `messageId` names the message whose place is watched (if any). */
export async function watchPositions(page: Page, messageId?: string): Promise<void> {
  await page.evaluate((id) => {
    const record = { running: true, samples: [] as PositionSample[] };
    window.wavePositions = record;
    const log = document.querySelector('[role="log"]')!;
    let frame = 0;
    const tick = (): void => {
      if (!record.running) return;
      frame += 1;
      const watched = id === undefined ? null : document.querySelector(`[data-message-id="${id}"]`);
      record.samples.push({
        frame,
        top: watched ? watched.getBoundingClientRect().top : Number.NaN,
        scrollTop: log.scrollTop,
        fromBottom: log.scrollHeight - log.clientHeight - log.scrollTop,
      });
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, messageId);
}

export async function stopWatching(page: Page): Promise<PositionSample[]> {
  return page.evaluate(() => {
    const record = window.wavePositions!;
    record.running = false;
    return record.samples;
  });
}

/** The first message whose body is on screen (below the top edge of the conversation). */
export async function firstVisibleMessage(page: Page): Promise<string> {
  return page.evaluate(() => {
    const log = document.querySelector('[role="log"]')!;
    const edge = log.getBoundingClientRect().top + 8;
    const first = [...document.querySelectorAll('[data-message-id]')].find(
      (element) => element.getBoundingClientRect().bottom > edge,
    );
    return first?.getAttribute('data-message-id') ?? '';
  });
}

export async function scrollState(
  page: Page,
): Promise<{ scrollTop: number; scrollHeight: number; clientHeight: number; fromBottom: number }> {
  return page.evaluate(() => {
    const log = document.querySelector('[role="log"]')!;
    return {
      scrollTop: log.scrollTop,
      scrollHeight: log.scrollHeight,
      clientHeight: log.clientHeight,
      fromBottom: log.scrollHeight - log.clientHeight - log.scrollTop,
    };
  });
}

/** The conversation's box on the screen. */
export async function logBox(
  page: Page,
): Promise<{ x: number; y: number; width: number; height: number; scrollbar: number }> {
  return page.evaluate(() => {
    const log = document.querySelector<HTMLElement>('[role="log"]')!;
    const rect = log.getBoundingClientRect();
    return {
      x: rect.x,
      y: rect.y,
      width: rect.width,
      height: rect.height,
      scrollbar: log.offsetWidth - log.clientWidth,
    };
  });
}

/** A figure of the scroll state once it holds still for a few readings (bounded in time). */
async function settled(
  page: Page,
  figure: 'scrollTop' | 'scrollHeight',
  timeoutMs = 20_000,
): Promise<number> {
  const started = Date.now();
  let last = (await scrollState(page))[figure];
  for (let stable = 0; stable < 3;) {
    if (Date.now() - started > timeoutMs)
      throw new Error(`The conversation's ${figure} did not settle within ${timeoutMs} ms.`);
    await page.waitForTimeout(60);
    const now = (await scrollState(page))[figure];
    stable = Math.abs(now - last) <= 1 ? stable + 1 : 0;
    last = now;
  }
  return last;
}

/** The scroll position once the reader's own scroll (keyboard scrolling is animated, a swipe flings on) has settled. */
export function settledScrollTop(page: Page): Promise<number> {
  return settled(page, 'scrollTop');
}

/** The content's height once it stopped growing (a reply paused or ended). */
export function settledScrollHeight(page: Page): Promise<number> {
  return settled(page, 'scrollHeight');
}
