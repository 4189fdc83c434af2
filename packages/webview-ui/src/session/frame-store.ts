// A session's snapshots as the page paints them: the client applies every batch the moment it
// arrives, and the view takes the newest state once per animation frame. However many batches a
// frame holds (10,000 events a second), React renders once for it, and a view that catches up
// does so in the next frame; a hidden page (no frames) renders nothing until it is shown.
import type { SessionState } from '@wave-agent/client';

export interface SnapshotSource {
  readonly getSnapshot: () => SessionState;
  readonly subscribe: (onChange: () => void) => () => void;
}

export interface FrameScheduler {
  request(callback: () => void): number;
  cancel(handle: number): void;
}

export function animationFrames(win: Window): FrameScheduler {
  return {
    request: (callback) => win.requestAnimationFrame(() => callback()),
    cancel: (handle) => win.cancelAnimationFrame(handle),
  };
}

export interface FrameStore extends SnapshotSource {
  /** Takes the newest state now (after a pull the UI waited for), without waiting for a frame. */
  sync(): void;
  dispose(): void;
}

export function frameStore(source: SnapshotSource, frames: FrameScheduler): FrameStore {
  let shown = source.getSnapshot();
  let pending: number | undefined;
  const listeners = new Set<() => void>();
  const show = (): void => {
    pending = undefined;
    const next = source.getSnapshot();
    if (next === shown) return;
    shown = next;
    for (const listener of listeners) listener();
  };
  const stop = source.subscribe(() => {
    pending ??= frames.request(show);
  });
  return {
    getSnapshot: () => shown,
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    sync() {
      if (pending !== undefined) frames.cancel(pending);
      show();
    },
    dispose() {
      stop();
      if (pending !== undefined) frames.cancel(pending);
      listeners.clear();
    },
  };
}
