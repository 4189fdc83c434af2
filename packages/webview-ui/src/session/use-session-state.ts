// A session's state for React: the client's store, taken in animation frames (frame-store.ts).
import type { SessionHandle, SessionState } from '@wave-agent/client';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { animationFrames, frameStore } from './frame-store.js';

export function useSessionState(session: SessionHandle): SessionState {
  const store = useMemo(() => frameStore(session, animationFrames(window)), [session]);
  useEffect(() => () => store.dispose(), [store]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
