// The frame clock draws the first change at once and every later one within the frame at its
// end, once: never more than one draw a frame, and never a change left undrawn.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { frameClock } from './frame-clock.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => vi.useRealTimers());

describe('frameClock', () => {
  it('draws the first request at once and the rest of the frame together at its end', () => {
    let draws = 0;
    const clock = frameClock(34, () => draws++);
    clock.request();
    expect(draws).toBe(1);
    for (let i = 0; i < 50; i++) clock.request();
    expect(draws).toBe(1);
    vi.advanceTimersByTime(33);
    expect(draws).toBe(1);
    vi.advanceTimersByTime(1);
    expect(draws).toBe(2);
    // Quiet for a frame: the next change is drawn at once again.
    vi.advanceTimersByTime(100);
    clock.request();
    expect(draws).toBe(3);
  });

  it('draws at most once a frame however many requests come, and the last one always', () => {
    let draws = 0;
    const clock = frameClock(34, () => draws++);
    for (let ms = 0; ms < 1000; ms += 2) {
      clock.request();
      vi.advanceTimersByTime(2);
    }
    vi.advanceTimersByTime(34);
    expect(draws).toBeLessThanOrEqual(Math.ceil(1000 / 34) + 1);
    expect(draws).toBeGreaterThanOrEqual(Math.floor(1000 / 34));
    const settled = draws;
    vi.advanceTimersByTime(1000);
    expect(draws).toBe(settled);
  });

  it('with no interval, draws every request at once', () => {
    let draws = 0;
    const clock = frameClock(0, () => draws++);
    for (let i = 0; i < 5; i++) clock.request();
    expect(draws).toBe(5);
  });

  it('draws nothing once stopped', () => {
    let draws = 0;
    const clock = frameClock(34, () => draws++);
    clock.request();
    clock.request();
    clock.stop();
    vi.advanceTimersByTime(100);
    expect(draws).toBe(1);
  });
});
