// What a status line command reads on stdin: Claude Code's JSON about the session (session_id,
// transcript_path, cwd, model, workspace, version, cost, context_window), made from the session
// state every host shares.
import { sessionCostUsd } from '@wave-agent/shared-protocol';
import type { SessionState } from '@wave-agent/shared-protocol';

export interface StatusInputFacts {
  readonly state: SessionState;
  /** The session's file, when it exists yet (it is written from the first message on). */
  readonly transcriptPath: string | undefined;
  readonly version: string;
  /** When this UI started, and now (epoch ms): the session's duration so far. */
  readonly startedAt: number;
  readonly now: number;
}

export function statusCommandInput(facts: StatusInputFacts): Record<string, unknown> {
  const { state } = facts;
  const { total } = state.usage;
  const last = state.contextWindow;
  const window = last?.windowTokens;
  const used =
    last && window !== undefined && window > 0 ? (last.inputTokens / window) * 100 : null;
  return {
    hook_event_name: 'Status',
    session_id: state.sessionId,
    // Absent until the session's file exists (a session before its first message has none).
    ...(facts.transcriptPath !== undefined ? { transcript_path: facts.transcriptPath } : {}),
    cwd: state.workdir,
    model: { id: state.model.model, display_name: state.model.name ?? state.model.model },
    workspace: { current_dir: state.workdir, project_dir: state.workdir },
    version: facts.version,
    output_style: { name: 'default' },
    cost: {
      // null: a model of the session has no known price (never a guess).
      total_cost_usd: sessionCostUsd(state) ?? null,
      total_duration_ms: Math.max(0, facts.now - facts.startedAt),
    },
    context_window: {
      total_input_tokens: total.inputTokens,
      total_output_tokens: total.outputTokens,
      context_window_size: last?.windowTokens ?? null,
      // input_tokens counts every input token of the last request, cached ones too, so the sum
      // scripts make (input + cache creation + cache read) is what the request sent.
      current_usage: last
        ? {
            input_tokens: last.inputTokens,
            cache_creation_input_tokens: 0,
            cache_read_input_tokens: 0,
          }
        : null,
      used_percentage: used === null ? null : Math.round(used),
      remaining_percentage: used === null ? null : Math.round(100 - used),
    },
  };
}
