// The window-concat coalescer for hosts across a process boundary (ARCHITECTURE §2.6). The first event
// after a quiet spell (a whole window without one) goes out at once and opens a window; while
// events keep coming, windows follow each other, each sent when it closes. Inside a window,
// deltas of the same block are concatenated in arrival order, and anything that is not such a
// delta first flushes what is buffered, so the receiver sees the same order of effects. Nothing is
// dropped, and no chunk is ever replaced by a later one. The CLI does not use this (ARCHITECTURE §2.5).

import { isEmptyDelta, mergedDeltas, mergeKeyOf } from './coalescer/delta-merge.js';
import type { AgentEvent } from './events.js';

export interface CoalescerOptions<Handle = unknown> {
  /** How long a window stays open after the event that opened it (e.g. 16 ms). */
  readonly windowMs: number;
  /** Receives every event, merged or not, in order. Must not throw. */
  readonly send: (event: AgentEvent) => void;
  /** Injected timers (tests use fake time); default `setTimeout`/`clearTimeout`. */
  readonly setTimer?: (callback: () => void, ms: number) => Handle;
  readonly clearTimer?: (handle: Handle) => void;
}

export interface Coalescer {
  push(event: AgentEvent): void;
  /** Sends everything buffered now (e.g. before answering a pull, to keep the channel FIFO). */
  flush(): void;
  /**
   * Stops the timer. It sends nothing: call `flush()` first if the receiver is still there.
   * Later pushes pass straight through, after anything still buffered.
   */
  dispose(): void;
}

type StartTimer = (callback: () => void, ms: number) => () => void;

function timerStarter<Handle>(options: CoalescerOptions<Handle>): StartTimer {
  const { setTimer, clearTimer } = options;
  if (setTimer === undefined) {
    return (callback, ms) => {
      const handle = setTimeout(callback, ms);
      return () => clearTimeout(handle);
    };
  }
  return (callback, ms) => {
    const handle = setTimer(callback, ms);
    return () => clearTimer?.(handle);
  };
}

export function createCoalescer<Handle = unknown>(options: CoalescerOptions<Handle>): Coalescer {
  const { windowMs, send } = options;
  const startTimer = timerStarter(options);
  // Insertion order of a Map is each key's first arrival: the order entries are sent in.
  const buffered = new Map<string, AgentEvent>();
  let cancelWindow: (() => void) | undefined;
  let disposed = false;

  function flushBuffered(): void {
    // Delete before sending, and let the iterator see entries added by a re-entrant push.
    for (const [key, event] of buffered) {
      buffered.delete(key);
      send(event);
    }
  }

  // Whether an event arrived since the current window opened.
  let busy = false;

  function openWindow(): void {
    let open = true;
    busy = false;
    const cancelTimer = startTimer(() => {
      // A stale timer (cleared late, or injected without clearTimer) does nothing.
      if (!open) return;
      flushBuffered();
      open = false;
      cancelWindow = undefined;
      // Only a whole window without an event is a quiet spell: while events keep coming, the
      // next window opens at once, so a steady stream goes out once per window (at its end),
      // never also at the start of each.
      if (busy && !disposed) openWindow();
    }, windowMs);
    cancelWindow = () => {
      open = false;
      cancelTimer();
    };
  }

  function sendInOrder(event: AgentEvent): void {
    flushBuffered();
    send(event);
  }

  return {
    push(event) {
      if (disposed) return sendInOrder(event);
      busy = true;
      if (cancelWindow === undefined) {
        send(event);
        openWindow();
        return;
      }
      const key = mergeKeyOf(event);
      if (key === undefined) return sendInOrder(event);
      const earlier = buffered.get(key);
      if (earlier === undefined) {
        // An empty delta changes nothing; buffered first, it would hold the place of the block a
        // later chunk of its key opens, ahead of what comes in between. It goes out in order.
        if (isEmptyDelta(event)) return sendInOrder(event);
        buffered.set(key, event);
        return;
      }
      const merged = mergedDeltas(earlier, event);
      // A stage change of the key: what came before goes first.
      if (merged === undefined) return sendInOrder(event);
      buffered.set(key, merged);
    },
    flush: flushBuffered,
    dispose() {
      disposed = true;
      cancelWindow?.();
      cancelWindow = undefined;
    },
  };
}
