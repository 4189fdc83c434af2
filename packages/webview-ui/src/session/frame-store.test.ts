import type { SessionState } from '@wave-agent/client';
import { describe, expect, it } from 'vitest';
import { frameStore, MIN_SHOWN_INTERVAL_MS } from './frame-store.js';
import type { FrameScheduler, SnapshotSource } from './frame-store.js';

/** 60 frames a second. */
const FRAME_MS = 1000 / 60;

/** A source whose state is a counter (only identity matters to the store). */
function counterSource() {
  let state = { n: 0 } as unknown as SessionState;
  const listeners = new Set<() => void>();
  const source: SnapshotSource = {
    getSnapshot: () => state,
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
  return {
    source,
    change(): SessionState {
      state = { n: (state as unknown as { n: number }).n + 1 } as unknown as SessionState;
      for (const listener of listeners) listener();
      return state;
    },
  };
}

/** Frames by hand: `frame()` runs what was requested for the next frame, at its time. */
function manualFrames() {
  let time = 1000;
  let next = 1;
  let waiting = new Map<number, (frameTime: number) => void>();
  const frames: FrameScheduler = {
    request(callback) {
      waiting.set(next, callback);
      return next++;
    },
    cancel: (handle) => void waiting.delete(handle),
    now: () => time,
  };
  return {
    frames,
    frame(ms = FRAME_MS): void {
      time += ms;
      const due = waiting;
      waiting = new Map();
      for (const callback of due.values()) callback(time);
    },
    requested: () => waiting.size,
  };
}

describe('the frame store', () => {
  it('shows a change after a pause in the next frame', () => {
    const counter = counterSource();
    const { source } = counter;
    const change = () => counter.change();
    const clock = manualFrames();
    const store = frameStore(source, clock.frames);
    const seen: SessionState[] = [];
    store.subscribe(() => seen.push(store.getSnapshot()));
    const first = change();
    change();
    const second = change();
    expect(seen).toEqual([]);
    clock.frame();
    // Every change of the frame in one snapshot, the newest.
    expect(seen).toEqual([second]);
    expect(seen[0]).not.toBe(first);
    clock.frame(500);
    const third = change();
    clock.frame();
    expect(seen).toEqual([second, third]);
  });

  it('while changes keep coming, shows them at most every MIN_SHOWN_INTERVAL_MS, the newest each time, none lost', () => {
    const counter = counterSource();
    const { source } = counter;
    const change = () => counter.change();
    const clock = manualFrames();
    const store = frameStore(source, clock.frames);
    const shownAt: number[] = [];
    store.subscribe(() => shownAt.push(clock.frames.now()));
    for (let i = 0; i < 60; i++) {
      change();
      clock.frame();
    }
    // A second of 60 frames, a change in each: about 30 shown, never two within the interval.
    expect(shownAt.length).toBeGreaterThanOrEqual(29);
    expect(shownAt.length).toBeLessThanOrEqual(31);
    for (let i = 1; i < shownAt.length; i++)
      expect(shownAt[i]! - shownAt[i - 1]!).toBeGreaterThanOrEqual(MIN_SHOWN_INTERVAL_MS);
    // The last change is shown in a later frame, not dropped.
    const last = source.getSnapshot();
    clock.frame();
    expect(store.getSnapshot()).toBe(last);
    expect(clock.requested()).toBe(0);
  });

  it('takes the newest state at once on sync, and nothing is shown twice', () => {
    const counter = counterSource();
    const { source } = counter;
    const change = () => counter.change();
    const clock = manualFrames();
    const store = frameStore(source, clock.frames);
    let shown = 0;
    store.subscribe(() => shown++);
    const state = change();
    store.sync();
    expect(store.getSnapshot()).toBe(state);
    expect(shown).toBe(1);
    clock.frame();
    clock.frame();
    expect(shown).toBe(1);
  });
});
