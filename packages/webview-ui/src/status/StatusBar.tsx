// The one line above the conversation: the session's title (cut with an ellipsis, the whole of
// it in the tooltip), what Wave is doing as an icon (its words in the tooltip and for screen
// readers, the clock beside it while a turn runs), and — where the host has no title bar of its
// own for them — Sessions and New session as icon buttons. The model, the mode and the tokens
// live in the toolbar under the message box (ChatToolbar).
import type { SessionState } from '@wave-agent/client';
import { useNow } from '../blocks/use-now.js';

const ACTIVITY: Record<'reply' | 'command' | 'compaction', string> = {
  reply: 'Working',
  command: 'Running',
  compaction: 'Compacting',
};

function folderName(workdir: string): string {
  return workdir.split(/[\\/]/).filter(Boolean).at(-1) ?? workdir;
}

export interface StatusBarProps {
  readonly state: SessionState;
  /** Absent where the host offers them itself (VS Code's title bar, the sessions sidebar). */
  readonly onSessions?: () => void;
  readonly onNewSession?: () => void;
}

export function StatusBar({ state, onSessions, onNewSession }: StatusBarProps) {
  const running = state.status.type === 'running';
  const now = useNow(running);
  const seconds =
    state.status.type === 'running'
      ? Math.max(0, Math.round((now - state.status.startedAt) / 1000))
      : 0;
  const activity =
    state.status.type === 'running' ? `${ACTIVITY[state.status.activity]} ${seconds}s` : 'Ready';
  const title = state.title ?? folderName(state.workdir);
  return (
    <header className="status-bar">
      <h1 className="session-title" title={`${title}\n${state.workdir}`}>
        {title}
      </h1>
      <span
        className={`status-activity${running ? ' is-running' : ''}`}
        role="status"
        title={activity}
      >
        <span className="status-icon" aria-hidden="true" />
        <span className="visually-hidden">{activity}</span>
        {running ? (
          <span className="status-clock" aria-hidden="true">
            {seconds}s
          </span>
        ) : null}
      </span>
      {onSessions ? (
        <button
          type="button"
          className="icon-button"
          aria-label="Sessions"
          title="Sessions"
          onClick={onSessions}
        >
          <span aria-hidden="true">☰</span>
        </button>
      ) : null}
      {onNewSession ? (
        <button
          type="button"
          className="icon-button"
          aria-label="New session"
          title="New session"
          onClick={onNewSession}
        >
          <span aria-hidden="true">+</span>
        </button>
      ) : null}
    </header>
  );
}
