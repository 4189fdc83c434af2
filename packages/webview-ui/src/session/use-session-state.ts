// A session's state for React: the client's store, taken once per animation frame (frame-store.ts).
import type { SessionHandle, SessionState } from '@wave-agent/client';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { animationFrames, frameStore } from './frame-store.js';

export function useSessionState(session: SessionHandle): SessionState {
  const store = useMemo(() => frameStore(session, animationFrames(window)), [session]);
  useEffect(() => () => store.dispose(), [store]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
