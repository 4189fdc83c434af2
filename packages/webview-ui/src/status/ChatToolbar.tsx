// The toolbar under the message box (where VS Code's own chat and Claude Code's extension keep
// them): the model switcher, how hard the model thinks (the effort), the permission mode, and the
// tokens spent so far (live while a reply streams). Compact, and it wraps rather than cuts anything off in a narrow sidebar.
import type { SessionState } from '@wave-agent/client';
import { EFFORT_LEVELS, liveTokenCount, PERMISSION_MODES } from '@wave-agent/shared-protocol';
import type { EffortLevel, PermissionMode } from '@wave-agent/shared-protocol';
import { forwardRef } from 'react';
import { ModelSwitcher } from './ModelSwitcher.js';
import type { ModelSwitcherHandle } from './ModelSwitcher.js';

const MODE_LABELS: Record<PermissionMode, string> = {
  default: 'Ask before changes',
  acceptEdits: 'Accept edits',
  bypassPermissions: 'Ask for nothing',
  plan: 'Plan only (no changes)',
  dontAsk: "Don't ask (refuse what no rule allows)",
};

const EFFORT_LABELS: Record<EffortLevel, string> = {
  off: 'Thinking off',
  low: 'Effort: low',
  medium: 'Effort: medium',
  high: 'Effort: high',
  max: 'Effort: max',
};

export function formatTokens(tokens: number): string {
  if (tokens < 1000) return `${tokens} tokens`;
  if (tokens < 1_000_000) return `${(tokens / 1000).toFixed(1)}k tokens`;
  return `${(tokens / 1_000_000).toFixed(2)}M tokens`;
}

export interface ChatToolbarProps {
  readonly state: SessionState;
  readonly onModel: (model: string) => void;
  readonly onMode: (mode: PermissionMode) => void;
  readonly onEffort: (effort: EffortLevel) => void;
}

export const ChatToolbar = forwardRef<ModelSwitcherHandle, ChatToolbarProps>(function ChatToolbar(
  { state, onModel, onMode, onEffort },
  modelSwitcher,
) {
  return (
    <div className="chat-toolbar" role="toolbar" aria-label="Session settings">
      <ModelSwitcher ref={modelSwitcher} state={state} onModel={onModel} />
      <label className="mode-picker">
        <span className="visually-hidden">Effort</span>
        <select
          aria-label="Effort"
          title="How hard the model thinks before it answers"
          value={state.effort}
          onChange={(event) => {
            const effort = EFFORT_LEVELS.find((candidate) => candidate === event.target.value);
            if (effort) onEffort(effort);
          }}
        >
          {EFFORT_LEVELS.map((effort) => (
            <option key={effort} value={effort}>
              {EFFORT_LABELS[effort]}
            </option>
          ))}
        </select>
      </label>
      <label className="mode-picker">
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
    </div>
  );
});
