// Thinking and text alternating in one model call (R1 → T1 → R2 → T2), from a real agent (`wave
// web`, mock-llm over real HTTP and SSE) into real Chromium: the reply's parts are in the DOM in
// the order they arrived, in every frame while it streams, at the end and after a reload (the
// pulled state), each text once, each thinking with its own clock.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { reasoningLabel } from '../../src/blocks/durations.js';
import { useChatFixture } from '../harness/chat-fixture.js';
import {
  messageInput,
  numberedWords,
  send,
  TOP_LEVEL_MESSAGE,
  waitUntilReady,
} from '../harness/chat.js';

const fixture = useChatFixture();

/** One part of the last assistant message as the DOM shows it. */
interface ShownPart {
  readonly kind: 'reasoning' | 'text' | 'other';
  /** A text's words; a reasoning's, when it is open. */
  readonly text: string | undefined;
  /** A reasoning's summary line (its clock). */
  readonly label: string | undefined;
}

const R1 = `R1-start ${'pondering '.repeat(120)}R1-end`;
// R2 long enough to be seen on its own in a few frames before T2 begins.
const R2 = `R2-start ${'pondering '.repeat(20)}R2-end`;
const T1 = numberedWords(150);
const T2 = Array.from({ length: 150 }, (_, index) => `w${index + 151}`).join(' ');
const ARRIVAL = ['reasoning', 'text', 'reasoning', 'text'];

interface PartsProbe {
  partElements: () => Element[];
  shownParts: () => ShownPart[];
  partSamples: { samples: ShownPart[][]; replaced: number; running: boolean };
}

/** Gives the page `shownParts()`: the last top-level assistant message's parts, in DOM order. */
function installPartsProbe(selector: string): void {
  const probe = window as unknown as PartsProbe;
  probe.partElements = () => {
    const article = [...document.querySelectorAll(`${selector}[data-role="assistant"]`)].at(-1);
    return [...(article?.children ?? [])];
  };
  probe.shownParts = () =>
    probe.partElements().map((child) => {
      if (child.matches('details.reasoning'))
        return {
          kind: 'reasoning' as const,
          text: child.querySelector('.markdown')?.textContent?.trim(),
          label: child.querySelector('summary')?.textContent ?? undefined,
        };
      if (child.matches('.markdown'))
        return { kind: 'text' as const, text: child.textContent?.trim(), label: undefined };
      return { kind: 'other' as const, text: undefined, label: undefined };
    });
}

async function shownParts(page: Page): Promise<ShownPart[]> {
  // Installed again each time: a reload gives the page a new window.
  await page.evaluate(installPartsProbe, TOP_LEVEL_MESSAGE);
  return page.evaluate(() => (window as unknown as PartsProbe).shownParts());
}

/**
 * Samples the parts every frame from now on, until `stopPartSamples`, and counts the parts whose
 * element was replaced by another (a part that keeps its key keeps its element).
 */
async function startPartSamples(page: Page): Promise<void> {
  await page.evaluate(installPartsProbe, TOP_LEVEL_MESSAGE);
  await page.evaluate(() => {
    const probe = window as unknown as PartsProbe;
    const state = { samples: [] as ShownPart[][], replaced: 0, running: true };
    const seen: Element[] = [];
    const sample = () => {
      if (!state.running) return;
      state.samples.push(probe.shownParts());
      probe.partElements().forEach((element, position) => {
        if (seen[position] !== undefined && seen[position] !== element) state.replaced += 1;
        seen[position] = element;
      });
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
    probe.partSamples = state;
  });
}

async function stopPartSamples(page: Page): Promise<{ samples: ShownPart[][]; replaced: number }> {
  return page.evaluate(() => {
    const state = (window as unknown as PartsProbe).partSamples;
    state.running = false;
    return { samples: state.samples, replaced: state.replaced };
  });
}

/** Opens every closed reasoning of the last assistant message, as a reader would. */
async function openReasoning(page: Page): Promise<void> {
  const reasoning = page.locator(
    `${TOP_LEVEL_MESSAGE}[data-role="assistant"] >> nth=-1 >> details.reasoning`,
  );
  const count = await reasoning.count();
  for (let index = 0; index < count; index += 1) {
    const details = reasoning.nth(index);
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
    // The body renders after the toggle event reaches React, a moment after the click.
    await details.locator('.markdown').waitFor({ timeout: 30_000 });
  }
}

/** Each stretch of thinking as the SDK timed it (its events in the session file), in order. */
function reasoningClocks(waveHome: string): { startedAt?: number; endedAt?: number }[] {
  const sessions = join(waveHome, 'sessions');
  const files = readdirSync(sessions, { recursive: true, encoding: 'utf8' }).filter((name) =>
    name.endsWith('.jsonl'),
  );
  expect(files).toHaveLength(1);
  const clocks: { startedAt?: number; endedAt?: number }[] = [];
  for (const line of readFileSync(join(sessions, files[0]!), 'utf8').split('\n')) {
    if (!line.includes('assistantReasoningUpdated')) continue;
    const event = JSON.parse(line) as { startedAt?: number; endedAt?: number; stage: string };
    if (event.startedAt !== undefined) clocks.push({ startedAt: event.startedAt });
    if (event.stage === 'end' && clocks.length > 0) clocks.at(-1)!.endedAt = event.endedAt;
  }
  return clocks;
}

/** The final parts: R1, T1, R2, T2, each text once, each thinking with its own clock. */
function expectArrivalOrder(parts: readonly ShownPart[], waveHome: string): void {
  expect(parts.map((part) => part.kind)).toEqual(ARRIVAL);
  expect(parts.map((part) => part.text)).toEqual([R1, T1, R2, T2]);
  const words = parts
    .filter((part) => part.kind === 'text')
    .flatMap((part) => part.text!.split(/\s+/));
  expect(words).toEqual(numberedWords(300).split(' '));
  const clocks = reasoningClocks(waveHome);
  expect(clocks).toHaveLength(2);
  expect(parts.filter((part) => part.kind === 'reasoning').map((part) => part.label)).toEqual(
    clocks.map((clock) => reasoningLabel('end', clock.startedAt, clock.endedAt, 0)),
  );
}

describe('thinking and text alternating in one reply, in the browser', () => {
  it('shows R1, T1, R2, T2 in that order while streaming, at the end and after a reload, each text once and each thinking with its own clock', async () => {
    const { llm, web, tab } = fixture;
    const { page } = tab;
    llm.setScenario({
      name: 'interleaved',
      chunkSize: 7,
      delayMs: 8,
      turns: [
        {
          reply: [
            // The first stretch thinks longest: one clock for both would show the second as
            // long as the first and the text between, or longer.
            { type: 'reasoning', text: R1, signature: 'c2ln' },
            { type: 'text', numberedWords: { count: 150 } },
            { type: 'reasoning', text: R2, signature: 'c2ln' },
            { type: 'text', text: ' ' },
            { type: 'text', numberedWords: { count: 150, start: 151 } },
          ],
        },
      ],
    });
    await startPartSamples(page);
    await send(page, 'count with a pause');
    // The bar may still say "Ready" from before the turn: wait for the last word first.
    await page.waitForFunction(
      () =>
        (window as unknown as PartsProbe)
          .shownParts()
          .some((part) => part.kind === 'text' && part.text?.endsWith('w300')),
      undefined,
      { timeout: 60_000 },
    );
    await waitUntilReady(page);
    const sampled = await stopPartSamples(page);
    const samples = sampled.samples.filter((parts) => parts.length > 0);

    // While it streamed, every frame showed a prefix of the arrival order, each text a prefix
    // of its own stretch; and R2 was seen after T1 before T2 began (it streamed, in order).
    expect(samples.length).toBeGreaterThan(10);
    for (const parts of samples) {
      expect(parts.map((part) => part.kind)).toEqual(ARRIVAL.slice(0, parts.length));
      const texts = parts.filter((part) => part.kind === 'text').map((part) => part.text ?? '');
      expect(T1.startsWith(texts[0] ?? ''), `the first text so far: …${texts[0]?.slice(-40)}`).toBe(
        true,
      );
      expect(
        T2.startsWith(texts[1] ?? ''),
        `the second text so far: ${texts[1]?.slice(0, 40)}…`,
      ).toBe(true);
    }
    expect(samples.some((parts) => parts.length === 3)).toBe(true);
    // Each part kept its element as later ones arrived: R1 and T1 are not mounted again when
    // R2 begins, nor R2 when T2 begins.
    expect(sampled.replaced).toBe(0);

    await openReasoning(page);
    expectArrivalOrder(await shownParts(page), web.waveHome);

    // The pulled state: after a reload the page has only what the server sends it.
    await page.reload();
    await messageInput(page).waitFor({ timeout: 60_000 });
    await page
      .locator(`${TOP_LEVEL_MESSAGE}[data-role="assistant"] details.reasoning`)
      .first()
      .waitFor({ timeout: 60_000 });
    await openReasoning(page);
    expectArrivalOrder(await shownParts(page), web.waveHome);
    expect(tab.errors).toEqual([]);
  }, 120_000);
});
