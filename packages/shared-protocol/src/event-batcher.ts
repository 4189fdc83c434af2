// What a server sends one connection for one session (ARCHITECTURE §2.6): the session's events in
// numbered batches. Across a process boundary the deltas of a window are merged by the shared
// coalescer (concatenated, never last-value-wins; anything else flushes first), so a window
// costs at most two batches however many chunks it held. In-process (`windowMs: 0`) every event
// goes out at once as its own batch: nothing is held back (ARCHITECTURE §2.5).

import { createCoalescer } from './coalescer.js';
import type { Coalescer } from './coalescer.js';
import type { AgentEvent } from './events.js';
import type { SessionEventBatch } from './rpc/notifications.js';

export interface EventBatcherOptions<Handle = unknown> {
  readonly sessionId: string;
  /** The merge window; 0 sends every event at once, alone. */
  readonly windowMs: number;
  /** The last sequence number the receiver already has (its pull): the first batch follows it. */
  readonly afterSeq: number;
  /** Receives each batch, in order. Must not throw. */
  readonly send: (batch: SessionEventBatch) => void;
  /** Injected timers (tests use fake time); default `setTimeout`/`clearTimeout`. */
  readonly setTimer?: (callback: () => void, ms: number) => Handle;
  readonly clearTimer?: (handle: Handle) => void;
}

export interface EventBatcher {
  /** One event the session emitted, with its sequence number. */
  push(event: AgentEvent, seq: number): void;
  /** Sends what is held now (before answering a pull: the answer must come after it). */
  flush(): void;
  /** Stops the timer; sends nothing (flush first if the receiver is still there). */
  dispose(): void;
}

export function createEventBatcher<Handle = unknown>(
  options: EventBatcherOptions<Handle>,
): EventBatcher {
  const { sessionId, send } = options;
  let sentUpTo = options.afterSeq;
  let pushedUpTo = options.afterSeq;
  let outgoing: AgentEvent[] = [];

  // Whenever the coalescer hands events on, it holds nothing more (it flushes before sending
  // anything out of turn), so a batch always covers every number pushed so far.
  function deliver(): void {
    if (outgoing.length === 0) return;
    const events = outgoing;
    outgoing = [];
    const batch = { sessionId, fromSeq: sentUpTo + 1, toSeq: pushedUpTo, events };
    sentUpTo = pushedUpTo;
    send(batch);
  }

  if (options.windowMs <= 0) {
    return {
      push(event, seq) {
        pushedUpTo = seq;
        outgoing.push(event);
        deliver();
      },
      flush: () => undefined,
      dispose: () => undefined,
    };
  }

  // The window's end flushes inside the timer; the batch goes out right after.
  const thenDeliver = (callback: () => void) => () => {
    callback();
    deliver();
  };
  const { windowMs, setTimer, clearTimer } = options;
  const collect = (event: AgentEvent): void => void outgoing.push(event);
  const coalescer: Coalescer =
    setTimer === undefined
      ? createCoalescer({
          windowMs,
          send: collect,
          setTimer: (callback, ms) => setTimeout(thenDeliver(callback), ms),
          clearTimer: (handle) => clearTimeout(handle),
        })
      : createCoalescer({
          windowMs,
          send: collect,
          setTimer: (callback, ms) => setTimer(thenDeliver(callback), ms),
          ...(clearTimer ? { clearTimer } : {}),
        });
  return {
    push(event, seq) {
      pushedUpTo = seq;
      coalescer.push(event);
      deliver();
    },
    flush() {
      coalescer.flush();
      deliver();
    },
    dispose: () => coalescer.dispose(),
  };
}
