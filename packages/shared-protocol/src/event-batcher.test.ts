import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEventBatcher } from './event-batcher.js';
import type { AgentEvent } from './events.js';
import type { SessionEventBatch } from './rpc/notifications.js';
import { applySessionEvents } from './session/session-reducer.js';
import { initialSessionState } from './session/session-state.js';
import { assistantAdded, text } from './test-support/event-builders.js';
import { FakeClock } from './test-support/fake-clock.js';
import { sessionEventStream } from './test-support/session-event-streams.js';

const start = initialSessionState({
  sessionId: 's',
  workdir: '/w',
  permissionMode: 'default',
  model: { provider: 'demo', model: 'demo' },
});

function recorder(windowMs: number, afterSeq = 0) {
  const clock = new FakeClock();
  const batches: SessionEventBatch[] = [];
  const batcher = createEventBatcher({
    sessionId: 's',
    windowMs,
    afterSeq,
    send: (batch) => batches.push(batch),
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
  });
  return { clock, batches, batcher };
}

describe('the event batcher', () => {
  it('in-process (window 0) sends each event at once, alone, with its number', () => {
    const { batches, batcher } = recorder(0, 7);
    batcher.push(assistantAdded('a'), 8);
    expect(batches).toStrictEqual([
      { sessionId: 's', fromSeq: 8, toSeq: 8, events: [assistantAdded('a')] },
    ]);
    batcher.push(text('a', 'x'), 9);
    expect(batches).toHaveLength(2);
  });

  it('merges the deltas of a window into one batch that covers all their numbers', () => {
    const { clock, batches, batcher } = recorder(16);
    batcher.push(assistantAdded('a'), 1);
    for (let seq = 2; seq <= 5; seq++) batcher.push(text('a', `${seq} `), seq);
    expect(batches).toHaveLength(1);
    clock.advance(16);
    expect(batches[1]).toStrictEqual({
      sessionId: 's',
      fromSeq: 2,
      toSeq: 5,
      events: [text('a', '2 3 4 5 ')],
    });
  });

  it('flushes on demand, so an answer sent after it follows every event before it', () => {
    const { batches, batcher } = recorder(16);
    batcher.push(assistantAdded('a'), 1);
    batcher.push(text('a', 'held'), 2);
    batcher.flush();
    expect(batches.at(-1)).toMatchObject({ fromSeq: 2, toSeq: 2 });
  });

  it('for any stream and timing: contiguous numbers, and the same session state', () => {
    const withTimes = sessionEventStream().chain((events) =>
      fc.tuple(
        fc.constant(events),
        fc.constantFrom(0, 16, 5),
        fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 40 })), {
          minLength: events.length,
          maxLength: events.length,
        }),
        fc.array(fc.boolean(), { minLength: events.length, maxLength: events.length }),
      ),
    );
    fc.assert(
      fc.property(withTimes, ([events, windowMs, gaps, flushes]) => {
        const { clock, batches, batcher } = recorder(windowMs, 100);
        events.forEach((event, index) => {
          clock.advance(gaps[index] ?? 0);
          batcher.push(event, 101 + index);
          if (flushes[index]) {
            batcher.flush();
            // After a flush everything pushed has gone out.
            expect(batches.at(-1)?.toSeq).toBe(101 + index);
          }
        });
        clock.advance(windowMs);
        let next = 101;
        for (const batch of batches) {
          expect(batch.fromSeq).toBe(next);
          expect(batch.toSeq).toBeGreaterThanOrEqual(batch.fromSeq);
          next = batch.toSeq + 1;
        }
        expect(next).toBe(101 + events.length);
        const sent: AgentEvent[] = batches.flatMap((batch) => batch.events);
        expect(applySessionEvents(start, sent)).toStrictEqual(applySessionEvents(start, events));
      }),
      { numRuns: 300 },
    );
  });
});
