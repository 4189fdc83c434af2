// A session's snapshots as the page paints them: the client applies every batch the moment it
// arrives, and the view takes the newest state in an animation frame. However many batches a
// frame holds (10,000 events a second), React renders once for it, and a view that catches up
// does so in the next frame; a hidden page (no frames) renders nothing until it is shown.
// While changes keep coming (a reply streaming), the view takes them at most every
// MIN_SHOWN_INTERVAL_MS — 30 times a second, about the terminal UI's pace — rather than in every
// frame: each frame that shows a change pays for a React commit, layout, paint and the scroll
// that follows it, and the words arrive no later than one frame more. A change after a pause is
// shown in the next frame, as before.
import type { SessionState } from '@wave-agent/client';

/** The least time between two shown snapshots (ms), measured on the frames' own clock. */
export const MIN_SHOWN_INTERVAL_MS = 30;

export interface SnapshotSource {
  readonly getSnapshot: () => SessionState;
  readonly subscribe: (onChange: () => void) => () => void;
}

export interface FrameScheduler {
  /** Calls back in the next frame with the frame's time (ms, requestAnimationFrame's clock). */
  request(callback: (frameTime: number) => void): number;
  cancel(handle: number): void;
  /** Now, on the frames' clock. */
  now(): number;
}

export function animationFrames(win: Window): FrameScheduler {
  return {
    request: (callback) => win.requestAnimationFrame((time) => callback(time)),
    cancel: (handle) => win.cancelAnimationFrame(handle),
    now: () => win.performance.now(),
  };
}

export interface FrameStore extends SnapshotSource {
  /** Takes the newest state now (after a pull the UI waited for), without waiting for a frame. */
  sync(): void;
  dispose(): void;
}

export function frameStore(source: SnapshotSource, frames: FrameScheduler): FrameStore {
  let shown = source.getSnapshot();
  let shownAt = Number.NEGATIVE_INFINITY;
  let pending: number | undefined;
  const listeners = new Set<() => void>();
  const show = (at: number): void => {
    pending = undefined;
    const next = source.getSnapshot();
    if (next === shown) return;
    shown = next;
    shownAt = at;
    for (const listener of listeners) listener();
  };
  const inFrame = (frameTime: number): void => {
    // Shown too recently: this frame keeps what it shows, a later one takes the newest.
    if (frameTime - shownAt < MIN_SHOWN_INTERVAL_MS) pending = frames.request(inFrame);
    else show(frameTime);
  };
  const stop = source.subscribe(() => {
    pending ??= frames.request(inFrame);
  });
  return {
    getSnapshot: () => shown,
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    sync() {
      if (pending !== undefined) frames.cancel(pending);
      show(frames.now());
    },
    dispose() {
      stop();
      if (pending !== undefined) frames.cancel(pending);
      listeners.clear();
    },
  };
}
