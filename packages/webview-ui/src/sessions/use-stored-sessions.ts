// The stored sessions of the view's folder (the client's listSessions), listed again whenever
// the list can have changed: the session switched (new, resumed), got its title, or a turn ended
// (its file has more messages). Reads only those few fields of the state, so a streaming reply
// does not list anything again; an answer that arrives after a newer request is dropped.
import type { SessionHandle, SessionState } from '@wave-agent/client';
import type { SessionSummary } from '@wave-agent/shared-protocol';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { errorText } from '@wave-agent/shared-protocol';

export interface StoredSessions {
  /** Newest first; undefined until the first answer. */
  readonly sessions?: readonly SessionSummary[];
  /** Stored files the listing had to leave out, each a sentence. */
  readonly problems: readonly string[];
  /** Why the sessions could not be listed, as a sentence. */
  readonly failure?: string;
}

/** What changes when the stored list may have: the session, its title, whether a turn runs. */
function listingKey(state: SessionState): string {
  return JSON.stringify([state.sessionId, state.title ?? '', state.status.type === 'idle']);
}

export function useStoredSessions(session: SessionHandle): StoredSessions {
  const key = useSyncExternalStore(session.subscribe, () => listingKey(session.getSnapshot()));
  const [stored, setStored] = useState<StoredSessions>({ problems: [] });
  useEffect(() => {
    let current = true;
    session.listSessions().then(
      ({ sessions, problems }) => current && setStored({ sessions, problems }),
      (error: unknown) =>
        current &&
        setStored((before) => ({
          ...before,
          failure: `Wave could not list this folder's sessions: ${errorText(error)}`,
        })),
    );
    return () => {
      current = false;
    };
  }, [session, key]);
  return stored;
}
