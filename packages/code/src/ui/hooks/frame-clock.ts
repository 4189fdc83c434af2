// When React draws the session: at most once per frame (issue 12). The state is applied at
// every event by the client's store and kept current by useSessionView; only the commit that
// shows it waits, for at most one frame. Ink writes the terminal at most 30 times a second
// anyway (its maxFps), so a commit between two of its frames is never seen on its own, but it
// costs a render, a layout and a markdown pass each time: at a few hundred events a second,
// most of the UI's CPU. The first change after a quiet frame is drawn at once; the ones that
// follow within the frame are drawn together at its end, so the last one is never left behind.

import { createContext } from 'react';

/** Milliseconds between React commits of the session; 0 draws every event at once. */
export const FrameInterval = createContext(0);

export interface FrameClock {
  /** Something changed: draw now, or at the end of the current frame. */
  request(): void;
  /** No more drawing (the component is gone). */
  stop(): void;
}

export function frameClock(intervalMs: number, draw: () => void): FrameClock {
  let lastDrawAt = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;
  const drawNow = () => {
    timer = undefined;
    lastDrawAt = Date.now();
    draw();
  };
  return {
    request() {
      if (intervalMs <= 0) {
        draw();
        return;
      }
      if (timer !== undefined) return;
      const wait = lastDrawAt + intervalMs - Date.now();
      if (wait <= 0) drawNow();
      else timer = setTimeout(drawNow, wait);
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
