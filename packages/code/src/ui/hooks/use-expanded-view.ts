// The expanded view (Ctrl+O): a snapshot of the messages as of the switch (DESIGN §2.10),
// scrolled with PageUp/PageDown. It fills the screen: on a terminal it is drawn on the alternate
// screen, so the history and the live area under it come back as they were
// (render/reflow-aware-stdout).
import { useEffect, useRef, useState } from 'react';
import type { Message } from '@wave-agent/shared-protocol';
import type { Snapshot } from '../messages/ExpandedSnapshot.js';
import type { ScreenControl } from '../render/reflow-aware-stdout.js';

export interface ExpandedView {
  readonly snapshot: Snapshot;
  readonly scroll: number;
}

export interface ExpandedViewControl {
  /** The view when it is open. */
  readonly expanded: ExpandedView | undefined;
  /** Ctrl+O: opens on a snapshot of `messages`, or closes. */
  readonly toggle: (messages: readonly Message[]) => void;
  /** Scrolls an open view by `rows` (positive: back in time). */
  readonly scrollBy: (rows: number) => void;
}

export function useExpandedView(screen: ScreenControl | undefined): ExpandedViewControl {
  useEffect(() => () => screen?.useAlternateScreen(false), [screen]);
  const [expanded, setExpanded] = useState<ExpandedView | undefined>(undefined);
  // What the last Ctrl+O left, for the next one: it may come before Ink hands over the key handler
  // of the next render (two presses in one read, or one right after the view was drawn).
  const expandedNow = useRef(expanded);
  return {
    expanded,
    toggle: (messages) => {
      const opening = expandedNow.current === undefined;
      // Before the state changes: the next frame Ink writes is the new view.
      screen?.useAlternateScreen(opening);
      expandedNow.current = opening
        ? { snapshot: { messages, takenAt: Date.now() }, scroll: 0 }
        : undefined;
      setExpanded(expandedNow.current);
    },
    scrollBy: (rows) => {
      if (!expanded) return;
      setExpanded({ ...expanded, scroll: Math.max(0, expanded.scroll + rows) });
    },
  };
}
