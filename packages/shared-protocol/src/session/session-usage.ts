// Tokens: the providers' figures for finished calls, summed, and the characters of each call still
// streaming as the basis of a live estimate (replaced by the provider's figure when it comes).
// Calls stream side by side (a parent and its subagents, parallel subagents), so each keeps its
// own count: one call ending replaces only its own estimate.

import type { AgentEvent } from '../events.js';
import type { Usage } from '../messages.js';
import type { SessionUsage } from './session-state.js';

/** Adds two usages field by field; the optional counts appear once either side has them. */
export function addUsage(total: Usage, more: Usage): Usage {
  const sum: { -readonly [K in keyof Usage]: Usage[K] } = {
    inputTokens: total.inputTokens + more.inputTokens,
    outputTokens: total.outputTokens + more.outputTokens,
  };
  if (total.reasoningTokens !== undefined || more.reasoningTokens !== undefined)
    sum.reasoningTokens = (total.reasoningTokens ?? 0) + (more.reasoningTokens ?? 0);
  if (total.cachedInputTokens !== undefined || more.cachedInputTokens !== undefined)
    sum.cachedInputTokens = (total.cachedInputTokens ?? 0) + (more.cachedInputTokens ?? 0);
  return sum;
}

/** The key of one model call's stream: its message, inside the subagents it runs in. */
export function streamKey(messageId: string, scope: readonly string[]): string {
  // The parent's calls (no scope) are most of the deltas: no array made for them.
  return scope.length === 0 ? messageId : `${scope.join('/')}/${messageId}`;
}

function streamed(usage: SessionUsage, key: string, chars: number): SessionUsage {
  if (chars === 0) return usage;
  return {
    ...usage,
    streaming: { ...usage.streaming, [key]: (usage.streaming[key] ?? 0) + chars },
  };
}

function settled(usage: SessionUsage, key: string, reported: Usage | undefined): SessionUsage {
  const hasEstimate = Object.hasOwn(usage.streaming, key);
  if (reported === undefined && !hasEstimate) return usage;
  const { [key]: _ended, ...others } = usage.streaming;
  return {
    total: reported === undefined ? usage.total : addUsage(usage.total, reported),
    streaming: hasEstimate ? others : usage.streaming,
  };
}

/** The session's usage after a conversation event (`scope`: the subagents it came through). */
export function usageAfter(
  usage: SessionUsage,
  event: AgentEvent,
  scope: readonly string[] = [],
): SessionUsage {
  switch (event.type) {
    case 'assistantContentUpdated':
    case 'assistantReasoningUpdated':
      return streamed(usage, streamKey(event.messageId, scope), event.chunk.length);
    case 'toolBlockUpdated':
      return streamed(usage, streamKey(event.messageId, scope), event.parametersChunk?.length ?? 0);
    case 'assistantMessageFinished':
      return settled(usage, streamKey(event.messageId, scope), event.usage);
    case 'assistantMessageDiscarded':
      return settled(usage, streamKey(event.messageId, scope), undefined);
    // A subagent's model calls count like the parent's, each on its own.
    case 'subagentEvent':
      return usageAfter(usage, event.event, [...scope, event.toolCallId]);
    default:
      return usage;
  }
}
