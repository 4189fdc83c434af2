// Sessions of this folder: start a new one, or resume a saved one (the view switches to it; so
// does every other view attached to this session).
import type { SessionHandle } from '@wave-agent/client';
import type { SessionSummary } from '@wave-agent/shared-protocol';
import { useEffect, useState } from 'react';
import { ModalDialog } from './ModalDialog.js';
import { errorText } from '@wave-agent/shared-protocol';

function when(epochMs: number): string {
  return new Date(epochMs).toLocaleString();
}

export function SessionsDialog({
  session,
  onClose,
  onError,
}: {
  readonly session: SessionHandle;
  readonly onClose: () => void;
  readonly onError: (sentence: string) => void;
}) {
  const [sessions, setSessions] = useState<readonly SessionSummary[] | undefined>(undefined);
  // Saved files the listing had to leave out (unreadable, from a newer Wave), each a sentence.
  const [problems, setProblems] = useState<readonly string[]>([]);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  useEffect(() => {
    let current = true;
    session.listSessions().then(
      (listed) => {
        if (!current) return;
        setSessions(listed.sessions);
        setProblems(listed.problems);
      },
      (error: unknown) => current && setFailure(errorText(error)),
    );
    return () => {
      current = false;
    };
  }, [session]);
  const act = (work: Promise<unknown>): void => {
    onClose();
    work.catch((error: unknown) => onError(errorText(error)));
  };
  const currentId = session.id;
  return (
    <ModalDialog title="Sessions" onCancel={onClose} className="sessions-dialog">
      <div className="dialog-buttons">
        <button type="button" className="primary" onClick={() => act(session.clear())}>
          New session
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      {failure ? <p className="block-error">Wave could not list the sessions: {failure}</p> : null}
      {problems.map((problem) => (
        <p key={problem} className="block-notice">
          {problem}
        </p>
      ))}
      {sessions === undefined && !failure ? <p>Loading…</p> : null}
      {sessions?.length === 0 ? <p>No saved sessions in this folder yet.</p> : null}
      {sessions && sessions.length > 0 ? (
        <ul className="session-list" aria-label="Saved sessions">
          {sessions.map((saved) => (
            <li key={saved.id}>
              <button
                type="button"
                disabled={saved.id === currentId}
                onClick={() => act(session.restore(saved.id))}
              >
                <span className="session-title">{saved.title || 'Untitled'}</span>
                <span className="session-meta">
                  {saved.messageCount} messages · {when(saved.updatedAt)}
                  {saved.id === currentId ? ' · open' : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </ModalDialog>
  );
}
