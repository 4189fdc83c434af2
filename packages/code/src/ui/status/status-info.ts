// What the status line shows of the session: model, effort, folder, mode, tokens, and while a turn runs
// its seconds and what it does (a compaction, or the task in progress).
import { liveTokenCount } from '@wave-agent/shared-protocol';
import type { SessionState, TurnActivity } from '@wave-agent/shared-protocol';
import type { StatusInfo } from './status-text.js';

/** What the status line says runs, when it is not a reply. */
const ACTIVITY_LABELS: Readonly<Record<TurnActivity, string | undefined>> = {
  reply: undefined,
  command: undefined,
  compaction: 'Compacting the conversation',
};

/** `now` in ms; `doing` is the active todo's wording, if any. */
export function statusInfo(
  state: SessionState,
  now: number,
  doing: string | undefined,
): StatusInfo {
  const { status } = state;
  return {
    model: state.model.model,
    effort: state.effort,
    workdir: state.workdir,
    permissionMode: state.permissionMode,
    tokens: liveTokenCount(state.usage),
    runningSeconds:
      status.type === 'running'
        ? Math.max(0, Math.floor((now - status.startedAt) / 1000))
        : undefined,
    ...(status.type === 'running' && ACTIVITY_LABELS[status.activity]
      ? { activity: ACTIVITY_LABELS[status.activity] }
      : status.type === 'running' && doing !== undefined
        ? { activity: doing }
        : {}),
  };
}
