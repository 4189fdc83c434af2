// What Claude Code's result counts beside the usage: how many model calls answered in the turn
// (`num_turns`) and how long they took (`duration_api_ms`, from each call's assistant message to
// its end; a call that broke and was retried counts its time, not its reply). Read from the
// events print mode sees anyway, so it costs nothing.
import type { AgentEvent } from '@wave-agent/shared-protocol';

export interface TurnTally {
  event(event: AgentEvent): void;
  /** Model calls that gave a reply. */
  readonly modelCalls: () => number;
  /** Milliseconds spent in model calls. */
  readonly apiMs: () => number;
}

export function turnTally(now: () => number = Date.now): TurnTally {
  const startedAt = new Map<string, number>();
  let calls = 0;
  let apiMs = 0;
  const end = (messageId: string) => {
    const started = startedAt.get(messageId);
    if (started === undefined) return;
    startedAt.delete(messageId);
    apiMs += Math.max(0, now() - started);
  };
  return {
    event(event) {
      if (event.type === 'assistantMessageAdded') startedAt.set(event.messageId, now());
      else if (event.type === 'assistantMessageDiscarded') end(event.messageId);
      else if (event.type === 'assistantMessageFinished') {
        if (startedAt.has(event.messageId)) calls += 1;
        end(event.messageId);
      }
    },
    modelCalls: () => calls,
    apiMs: () => apiMs,
  };
}
