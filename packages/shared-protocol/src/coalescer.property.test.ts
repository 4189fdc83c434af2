import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCoalescer } from './coalescer.js';
import type { AgentEvent } from './events.js';
import { eventStream } from './test-support/event-streams.js';
import { FakeClock } from './test-support/fake-clock.js';
import { reduceFrozen } from './test-support/frozen-reduce.js';

const RUNS = 1_000;

describe('coalescer properties', () => {
  it('what it sends reduces to the same messages as the raw events', () => {
    const streamWithTimes = eventStream({ maxMessages: 5 }).chain((events) =>
      fc.tuple(
        fc.constant(events),
        fc.integer({ min: 1, max: 40 }),
        // Gaps before each event: many arrive together, some after the window closed.
        fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 60 })), {
          minLength: events.length,
          maxLength: events.length,
        }),
      ),
    );
    fc.assert(
      fc.property(streamWithTimes, ([events, windowMs, gaps]) => {
        const clock = new FakeClock();
        const sent: AgentEvent[] = [];
        const coalescer = createCoalescer({
          windowMs,
          send: (event) => sent.push(event),
          setTimer: clock.setTimer,
          clearTimer: clock.clearTimer,
        });
        events.forEach((event, index) => {
          clock.advance(gaps[index] ?? 0);
          coalescer.push(event);
        });
        clock.advance(windowMs);
        coalescer.dispose();

        expect(sent.length).toBeLessThanOrEqual(events.length);
        expect(reduceFrozen(sent).messages).toStrictEqual(reduceFrozen(events).messages);
      }),
      { numRuns: RUNS },
    );
  });
});
