// The sessions sidebar a host can turn on (boot information `"sidebar": true`; the desktop app
// does): the folder's stored sessions, newest first, the one shown marked; choosing one resumes
// it in this view, New session starts an empty one. Beside it, the chat itself.
import type { SessionHandle } from '@wave-agent/client';
import type { ReactNode } from 'react';
import { useState, useSyncExternalStore } from 'react';
import { useStoredSessions } from './use-stored-sessions.js';
import { errorText } from '@wave-agent/shared-protocol';

function when(epochMs: number): string {
  return new Date(epochMs).toLocaleString();
}

export function SessionsSidebar({
  session,
  children,
}: {
  readonly session: SessionHandle;
  readonly children: ReactNode;
}) {
  const { sessions, problems, failure } = useStoredSessions(session);
  const currentId = useSyncExternalStore(session.subscribe, () => session.getSnapshot().sessionId);
  const [trouble, setTrouble] = useState<string | undefined>(undefined);
  const act = (what: string, work: () => Promise<unknown>): void => {
    setTrouble(undefined);
    work().catch((error: unknown) => setTrouble(`${what}: ${errorText(error)}`));
  };
  // A new session is stored once it has a message; until then it is listed here alone.
  const unsaved = sessions !== undefined && !sessions.some((saved) => saved.id === currentId);
  return (
    <div className="with-sessions-sidebar">
      <nav className="sessions-sidebar" aria-label="Sessions">
        <button
          type="button"
          className="primary"
          onClick={() => act('A new session could not be started', () => session.clear())}
        >
          New session
        </button>
        {failure ? <p className="block-error">{failure}</p> : null}
        {trouble ? (
          <p className="block-error" role="alert">
            {trouble}
          </p>
        ) : null}
        {problems.map((problem) => (
          <p key={problem} className="block-notice">
            {problem}
          </p>
        ))}
        {sessions === undefined && !failure ? <p className="session-meta">Loading…</p> : null}
        <ul className="sessions-sidebar-list" aria-label="Sessions of this folder">
          {unsaved ? (
            <li>
              <button type="button" aria-current="true" disabled>
                <span className="sessions-sidebar-title">New session</span>
                <span className="session-meta">not saved yet</span>
              </button>
            </li>
          ) : null}
          {sessions?.map((saved) => (
            <li key={saved.id}>
              <button
                type="button"
                aria-current={saved.id === currentId ? 'true' : undefined}
                disabled={saved.id === currentId}
                title={saved.title || 'Untitled'}
                // What a resume left out of a damaged file, the conversation's notice says.
                onClick={() =>
                  act('Wave could not resume that session', () => session.restore(saved.id))
                }
              >
                <span className="sessions-sidebar-title">{saved.title || 'Untitled'}</span>
                <span className="session-meta">
                  {saved.messageCount} messages · {when(saved.updatedAt)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}
