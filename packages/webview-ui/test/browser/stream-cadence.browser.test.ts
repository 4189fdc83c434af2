// How often the page shows a streaming reply, in real Chromium against a real agent: at most
// every MIN_SHOWN_INTERVAL_MS while the words keep coming (frame-store.ts: about 30 times a
// second, not in every frame), with one React commit for each change shown (the virtualiser
// sizes and places its rows itself, without a render of the conversation per measurement), and
// every word exactly once at the end. Frame times come from the page's own animation clock.
import { describe, expect, it } from 'vitest';
import { MIN_SHOWN_INTERVAL_MS } from '../../src/session/frame-store.js';
import { useChatFixture } from '../harness/chat-fixture.js';
import {
  lastAssistantText,
  numberedWords,
  openChat,
  send,
  waitForText,
  waitUntilReady,
} from '../harness/chat.js';
import { openPage } from '../harness/chromium.js';
import { installCadenceProbe, takeCadence, watchCadence } from '../harness/page-probes.js';

const WORDS = 1200;

const fx = useChatFixture({
  scenario: {
    name: 'a long count',
    chunkSize: 6,
    delayMs: 2,
    turns: [{ reply: [{ type: 'text', numberedWords: { count: WORDS } }] }],
  },
  page: false,
});

describe('the cadence of a streaming reply', () => {
  it('shows a steady stream at most every MIN_SHOWN_INTERVAL_MS, one React commit per change, every word once', async () => {
    // The probe goes in before the app's script runs (React looks for the hook as it loads).
    const { page, context } = await openPage(fx.browser);
    await installCadenceProbe(page);
    await openChat(page, fx.web.url);
    await watchCadence(page, '.conversation-row > [data-role="assistant"] .markdown');
    await send(page, 'count for a while');
    await waitForText(page, (text) => text.endsWith(`w${WORDS}`), 'the last word');
    await waitUntilReady(page);
    const { commits, changes } = await takeCadence(page);

    expect(await lastAssistantText(page)).toBe(numberedWords(WORDS));
    // It streamed: the reply changed in many frames.
    expect(changes.length).toBeGreaterThan(20);
    const gaps = changes.slice(1).map((at, index) => at - changes[index]!);
    // Never two changes within the interval (a frame's time is rounded to the microsecond).
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(MIN_SHOWN_INTERVAL_MS - 0.01);
    // The commits of the steady stream (from its second change on): one per change shown, and
    // a few others (the status bar's clock). A render of the conversation for each of the
    // virtualiser's measurements would make them twice as many.
    const steady = changes.slice(1);
    const during = commits.filter((at) => at >= steady[0]! && at <= steady.at(-1)!);
    expect(during.length).toBeLessThanOrEqual(Math.ceil(steady.length * 1.2));
    await context.close();
  });
});
