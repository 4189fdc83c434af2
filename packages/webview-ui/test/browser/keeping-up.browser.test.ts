// Keeping up, in real Chromium against a real agent (`wave web`) and tools/mock-llm. A burst of
// 10,000 deltas, as fast as the model server writes them, is on screen within a few frames of
// the last one's arrival (counted in frames, not time, so it holds on a loaded machine too). A
// steady stream is sent in at most one batch per 32 ms window: counted on the socket against
// the turn's own length on the agent's clock (`turnEnded.durationMs`).
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { lastAssistantText, send, waitForText, waitUntilReady } from '../harness/chat.js';
import { useChatFixture } from '../harness/chat-fixture.js';
import {
  resetSocketRecord,
  sampleText,
  socketRecord,
  takeSamples,
} from '../harness/page-probes.js';
import type { ReceivedBatch } from '../harness/page-probes.js';

/** wave web's merge window for its pages (code/src/web/page-socket.ts, PAGE_WINDOW_MS). */
const WINDOW_MS = 32;
/** Frames from the last delta's arrival to the frame that shows it: the store takes it next frame. */
const CATCH_UP_FRAMES = 3;

/** `count` two-character chunks of `ab`, then an end of its own (`#count`). */
function chunks(count: number, delayMs: number): { scenario: Scenario; reply: string } {
  return {
    reply: `${'ab'.repeat(count - 1)}#${count}`,
    scenario: {
      name: `${count} chunks, ${delayMs} ms apart`,
      chunkSize: 2,
      delayMs,
      turns: [
        {
          reply: [
            { type: 'text', repeat: { pattern: 'ab', count: count - 1 } },
            { type: 'text', text: `#${count}` },
          ],
        },
      ],
    },
  };
}

async function streamed(count: number, delayMs: number) {
  const { page } = fx.tab;
  const { scenario, reply } = chunks(count, delayMs);
  fx.llm.setScenario(scenario);
  await resetSocketRecord(page);
  await sampleText(page, '.conversation-row > [data-role="assistant"]');
  await send(page, scenario.name);
  await waitForText(page, (text) => text.endsWith(`#${count}`), 'the end of the reply');
  await waitUntilReady(page);
  // The frames of this reply's element (before it was added, the last reply was the previous one).
  const all = await takeSamples(page);
  const samples = all.filter((sample) => sample.element === all.at(-1)?.element);
  const { batches } = await socketRecord(page);
  expect(await lastAssistantText(page)).toBe(reply);
  // Every frame showed a prefix: nothing lost, doubled or out of order on the way.
  for (const sample of samples)
    expect(reply.startsWith(sample.text), `frame ${sample.frame}`).toBe(true);
  return { reply, samples, batches };
}

/** The sequence numbers the batches cover: every event the agent emitted, merged or not. */
function covered(batches: readonly ReceivedBatch[]): number {
  return batches.reduce((sum, batch) => sum + batch.toSeq - batch.fromSeq + 1, 0);
}

const fx = useChatFixture({ probes: true });

describe('keeping up with the stream', () => {
  it('shows a burst of 10,000 deltas whole within a few frames of the last one', async () => {
    const { reply, samples, batches } = await streamed(10_000, 0);
    expect(covered(batches)).toBeGreaterThanOrEqual(10_000);
    const lastDelta = batches.filter((batch) => batch.contentEvents > 0).at(-1)!;
    const shown = samples.find((sample) => sample.text === reply);
    expect(shown, 'a frame showed the whole reply').toBeDefined();
    expect(shown!.frame - lastDelta.frame).toBeLessThanOrEqual(CATCH_UP_FRAMES);
    expect(fx.tab.errors).toEqual([]);
  });

  it('receives a steady stream in at most one batch per 32 ms window', async () => {
    const { batches } = await streamed(1_500, 1);
    expect(covered(batches)).toBeGreaterThanOrEqual(1_500);
    const turnMs = batches.find((batch) => batch.turnDurationMs !== undefined)?.turnDurationMs;
    expect(turnMs, 'the turn ended in a batch').toBeDefined();
    // One batch per window, and one more at most for each event that is not a delta (it sends
    // the window early, so the order of events holds), and the answer to sendMessage.
    const notDeltas = batches.reduce((sum, batch) => sum + batch.otherEvents, 0);
    expect(batches.length).toBeLessThanOrEqual(Math.ceil(turnMs! / WINDOW_MS) + notDeltas + 1);
  });
});
