// The chat laid out for a narrow sidebar and a wide tab, in real Chromium against a real `wave
// web` and tools/mock-llm (no stand-in): at 280, 400 and 1,000 px wide one title line above
// the conversation (status as an icon, its words in the tooltip), the message box full width and
// growing with its text, the model, mode and tokens in a toolbar under it, nothing cut off and
// nothing overlapping, a wide code block scrolling inside its box, and at 280×800 at least 70 %
// of the height for the conversation. The same checks run in code-server's sidebar in
// packages/vscode/test/real-vscode.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openChat, send, waitForText, waitUntilReady } from '../harness/chat.js';
import { useChatFixture } from '../harness/chat-fixture.js';
import { openPage } from '../harness/chromium.js';

const LONG_TITLE = 'Hello Wave, please look at why the sidebar layout cuts the title off';
const WIDE_LINE = `const wide = "${'x'.repeat(240)}";`;
const REPLY = ['Here is the line:', '', '```ts', WIDE_LINE, '```', '', 'That is all.'].join('\n');

const fx = useChatFixture({
  scenario: { name: 'layout', turns: [{ reply: [{ type: 'text', text: REPLY }] }] },
  page: false,
});

interface Box {
  readonly name: string;
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

/** The boxes of the parts that must be whole and apart, as the page lays them out. */
function layout(page: Page): Promise<{ boxes: Box[]; pageWidth: number; scrollWidth: number }> {
  return page.evaluate(() => {
    const parts: [string, string][] = [
      ['title', '.session-title'],
      ['status', '.status-activity'],
      ['message box', 'textarea[aria-label="Message"]'],
      ['model', '[aria-label="Model"]'],
      ['mode', 'select[aria-label="Permission mode"]'],
      ['tokens', '.usage'],
      ['send', '.send-button'],
    ];
    const boxes = parts.flatMap(([name, selector]) => {
      const element = document.querySelector(selector);
      if (!element)
        return [{ name: `${name} (missing)`, left: -1, right: -1, top: -1, bottom: -1 }];
      const { left, right, top, bottom } = element.getBoundingClientRect();
      return [{ name, left, right, top, bottom }];
    });
    return {
      boxes,
      pageWidth: document.documentElement.clientWidth,
      scrollWidth: document.documentElement.scrollWidth,
    };
  });
}

function overlaps(a: Box, b: Box): boolean {
  return (
    a.left < b.right - 0.5 &&
    b.left < a.right - 0.5 &&
    a.top < b.bottom - 0.5 &&
    b.top < a.bottom - 0.5
  );
}

async function chatAt(width: number, height: number) {
  const opened = await openPage(fx.browser, { width, height });
  await openChat(opened.page, fx.web.url);
  return opened;
}

describe('the chat at sidebar width and wider', () => {
  it('sends the conversation the layouts are checked with', async () => {
    const { page, context } = await chatAt(1000, 800);
    await send(page, LONG_TITLE);
    await waitForText(page, (text) => text.includes('That is all.'), 'the reply');
    await waitUntilReady(page);
    await context.close();
  });

  for (const width of [280, 400, 1000]) {
    it(`at ${width} px: one title line, the parts whole and apart, the code block scrolling`, async () => {
      const { page, context, errors } = await chatAt(width, 800);
      await page.locator('.code-block').waitFor();
      const { boxes, pageWidth, scrollWidth } = await layout(page);
      // Nothing wider than the view, nothing cut off at its edges.
      expect(scrollWidth).toBeLessThanOrEqual(pageWidth);
      for (const box of boxes) {
        expect(box.name).not.toMatch(/missing/);
        expect(box.left, box.name).toBeGreaterThanOrEqual(0);
        expect(box.right, box.name).toBeLessThanOrEqual(pageWidth);
        expect(box.bottom - box.top, box.name).toBeGreaterThan(0);
      }
      for (const [index, a] of boxes.entries())
        for (const b of boxes.slice(index + 1))
          expect(overlaps(a, b), `${a.name} overlaps ${b.name}`).toBe(false);
      // One title line: the title and the status icon side by side, the header one row high.
      const title = boxes.find((box) => box.name === 'title');
      const status = boxes.find((box) => box.name === 'status');
      const header = await page.locator('.status-bar').boundingBox();
      expect(header?.height).toBeLessThanOrEqual(40);
      expect(Math.abs((title?.top ?? 0) - (status?.top ?? 99))).toBeLessThan(12);
      // The long title gives way with an ellipsis; its whole text is in the tooltip.
      expect(await page.locator('.session-title').getAttribute('title')).toContain(LONG_TITLE);
      expect(await page.locator('.status-activity').getAttribute('title')).toBe('Ready');
      // The message box takes the whole width; the toolbar is under it.
      const box = boxes.find((entry) => entry.name === 'message box');
      expect((box?.right ?? 0) - (box?.left ?? 0)).toBeGreaterThanOrEqual(pageWidth - 2 * 12 - 2);
      for (const name of ['model', 'mode', 'tokens', 'send'])
        expect(boxes.find((entry) => entry.name === name)?.top ?? 0, name).toBeGreaterThanOrEqual(
          box?.bottom ?? 0,
        );
      // The wide code line scrolls inside its block, which ends inside the view.
      const code = await page
        .locator('.code-block')
        .first()
        .evaluate((element) => ({
          right: element.getBoundingClientRect().right,
          scrolls: element.scrollWidth > element.clientWidth,
          overflowX: getComputedStyle(element).overflowX,
        }));
      expect(code.right).toBeLessThanOrEqual(pageWidth);
      expect(code.scrolls).toBe(true);
      expect(code.overflowX).toBe('auto');
      expect(errors).toEqual([]);
      if (process.env.WAVE_LAYOUT_SHOTS)
        await page.screenshot({ path: `${process.env.WAVE_LAYOUT_SHOTS}/layout-${width}.png` });
      await context.close();
    });
  }

  it('at 280×800 the conversation has at least 70 % of the height, and the box grows with its text', async () => {
    const { page, context } = await chatAt(280, 800);
    await page.locator('.code-block').waitFor();
    const conversation = await page.getByRole('log').boundingBox();
    expect(conversation?.height ?? 0).toBeGreaterThanOrEqual(0.7 * 800);
    const input = page.getByRole('textbox', { name: 'Message' });
    const empty = (await input.boundingBox())?.height ?? 0;
    // Wrapped text (no newline) grows it as well as lines do.
    await input.fill(
      'a rather long message that wraps several times at this narrow width '.repeat(3),
    );
    const wrapped = (await input.boundingBox())?.height ?? 0;
    expect(wrapped).toBeGreaterThan(empty * 1.8);
    await input.fill('one\ntwo\nthree\nfour\nfive\nsix');
    const lines = (await input.boundingBox())?.height ?? 0;
    expect(lines).toBeGreaterThan(empty * 2.5);
    // …up to a third of the view; the conversation keeps the rest.
    await input.fill(Array.from({ length: 60 }, (_, index) => `line ${index}`).join('\n'));
    expect((await input.boundingBox())?.height ?? 0).toBeLessThanOrEqual(800 / 3 + 1);
    await input.fill('');
    await context.close();
  });

  // Its placeholder changes when a turn starts and ends: a box that followed it moved the
  // conversation above it at each send, and the view stopped following the stream.
  it('at 280 px the message box keeps its height from idle to running and back', async () => {
    const { page, context } = await chatAt(280, 800);
    await page.locator('.code-block').waitFor();
    const input = page.getByRole('textbox', { name: 'Message' });
    const height = async () => (await input.boundingBox())?.height ?? 0;
    const idle = await height();
    await input.fill('hold on');
    expect(await height()).toBe(idle);
    fx.llm.setScenario({
      name: 'held',
      turns: [
        {
          faults: [{ kind: 'hold', afterChunks: 1 }],
          reply: [{ type: 'text', text: 'Held for a moment, then done.' }],
        },
      ],
    });
    await input.press('Enter');
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    expect(await height()).toBe(idle);
    fx.llm.release();
    await waitUntilReady(page);
    expect(await height()).toBe(idle);
    await context.close();
  });
});
