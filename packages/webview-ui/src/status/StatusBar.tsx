// The bar above the conversation: the session's title, what Wave is doing (with its clock), the
// model and permission-mode switchers, the tokens spent so far (live while a reply streams), and
// the way to other sessions.
import type { SessionState } from '@wave-agent/client';
import { liveTokenCount, PERMISSION_MODES } from '@wave-agent/shared-protocol';
import type { PermissionMode } from '@wave-agent/shared-protocol';
import { forwardRef } from 'react';
import { useNow } from '../blocks/use-now.js';
import { ModelSwitcher } from './ModelSwitcher.js';
import type { ModelSwitcherHandle } from './ModelSwitcher.js';

const MODE_LABELS: Record<PermissionMode, string> = {
  default: 'Ask before changes',
  acceptEdits: 'Accept edits',
  bypassPermissions: 'Ask for nothing',
  plan: 'Plan only (no changes)',
};

const ACTIVITY: Record<'reply' | 'command' | 'compaction', string> = {
  reply: 'Working',
  command: 'Running',
  compaction: 'Compacting',
};

export function formatTokens(tokens: number): string {
  if (tokens < 1000) return `${tokens} tokens`;
  if (tokens < 1_000_000) return `${(tokens / 1000).toFixed(1)}k tokens`;
  return `${(tokens / 1_000_000).toFixed(2)}M tokens`;
}

function folderName(workdir: string): string {
  return workdir.split(/[\\/]/).filter(Boolean).at(-1) ?? workdir;
}

export interface StatusBarProps {
  readonly state: SessionState;
  readonly onModel: (model: string) => void;
  readonly onMode: (mode: PermissionMode) => void;
  /** Absent where the host shows the sessions sidebar, which has both. */
  readonly onSessions?: () => void;
  readonly onNewSession?: () => void;
}

export const StatusBar = forwardRef<ModelSwitcherHandle, StatusBarProps>(function StatusBar(
  { state, onModel, onMode, onSessions, onNewSession },
  modelSwitcher,
) {
  const running = state.status.type === 'running';
  const now = useNow(running);
  const seconds =
    state.status.type === 'running'
      ? Math.max(0, Math.round((now - state.status.startedAt) / 1000))
      : 0;
  return (
    <header className="status-bar">
      <h1 className="session-title" title={state.workdir}>
        {state.title ?? folderName(state.workdir)}
      </h1>
      <span className="status-activity" role="status">
        {state.status.type === 'running'
          ? `${ACTIVITY[state.status.activity]} ${seconds}s`
          : 'Ready'}
      </span>
      <ModelSwitcher ref={modelSwitcher} state={state} onModel={onModel} />
      <label>
        <span className="visually-hidden">Permission mode</span>
        <select
          aria-label="Permission mode"
          value={state.permissionMode}
          onChange={(event) => {
            const mode = PERMISSION_MODES.find((candidate) => candidate === event.target.value);
            if (mode) onMode(mode);
          }}
        >
          {PERMISSION_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {MODE_LABELS[mode]}
            </option>
          ))}
        </select>
      </label>
      <span className="usage" aria-label="Tokens used">
        {formatTokens(liveTokenCount(state.usage))}
      </span>
      {onSessions ? (
        <button type="button" onClick={onSessions}>
          Sessions
        </button>
      ) : null}
      {onNewSession ? (
        <button type="button" onClick={onNewSession}>
          New session
        </button>
      ) : null}
    </header>
  );
});
