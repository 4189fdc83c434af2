// The session as the UI holds it: the client's SessionState (made by the one reducer), taken
// at every event, the moment it is applied (ARCHITECTURE §2.2, §2.5) — no throttle, no queue in the
// data. Beside it, the log of removed messages (a discarded retry, a replace, a rewind), which
// the history needs: a message that comes back with the same id must not inherit what was
// written of the old one, and only the event says which removals happened. Both are kept
// current at every event; React is asked to draw them at most once a frame (frame-clock.ts,
// the render layer's clock; the CLI sets it to Ink's frame rate).

import { useContext, useLayoutEffect, useRef, useState } from 'react';
import type { SessionHandle } from '@wave-agent/client';
import type { AgentEvent, SessionState } from '@wave-agent/shared-protocol';
import type { MessageRemoval } from '../freeze/message-removal.js';
import { removedIds, withRemoval } from '../freeze/message-removal.js';
import { frameClock, FrameInterval } from './frame-clock.js';

export interface SessionView {
  readonly state: SessionState;
  /** Removed messages, most recent last (see freeze/message-removal.ts). */
  readonly removals: readonly MessageRemoval[];
}

function removalOf(
  before: SessionState,
  after: SessionState,
  event: AgentEvent,
): { ids: string[]; discarded: boolean } | undefined {
  const was = before.conversation.messages;
  const is = after.conversation.messages;
  if (was === is) return undefined;
  switch (event.type) {
    case 'assistantMessageDiscarded':
      return { ids: [event.messageId], discarded: true };
    case 'messagesReplaced':
    case 'messagesRewound':
    case 'sessionReplaced':
      return { ids: removedIds(was, is), discarded: false };
    default:
      return undefined;
  }
}

function withEvent(view: SessionView, event: AgentEvent, state: SessionState): SessionView {
  if (state === view.state) return view;
  const removal = removalOf(view.state, state, event);
  return {
    state,
    removals: removal ? withRemoval(view.removals, removal.ids, removal.discarded) : view.removals,
  };
}

export function useSessionView(session: SessionHandle): SessionView {
  const frameMs = useContext(FrameInterval);
  const [view, setView] = useState<SessionView>(() => ({
    state: session.getSnapshot(),
    removals: [],
  }));
  /** The view as of the last event, drawn or not yet. */
  const latest = useRef(view);
  // A layout effect subscribes before anything else can run after the first render.
  useLayoutEffect(() => {
    const clock = frameClock(frameMs, () => setView(latest.current));
    const stop = session.onEvent((event, state) => {
      latest.current = withEvent(latest.current, event, state);
      clock.request();
    });
    // Whatever happened between the first render and now (or another session): the handle's
    // state is the pull, which replaces ours (ARCHITECTURE §2.4).
    const now = session.getSnapshot();
    latest.current = withEvent(latest.current, { type: 'sessionReplaced', state: now }, now);
    setView(latest.current);
    return () => {
      stop();
      clock.stop();
    };
  }, [session, frameMs]);
  return view;
}
