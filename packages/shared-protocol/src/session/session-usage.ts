// Tokens: the providers' figures for finished calls, summed, and the characters of the call still
// streaming as the basis of a live estimate (replaced by the provider's figure when it comes).

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

function streamed(usage: SessionUsage, chars: number): SessionUsage {
  return chars === 0 ? usage : { ...usage, streamedChars: usage.streamedChars + chars };
}

function settled(usage: SessionUsage, reported: Usage | undefined): SessionUsage {
  if (reported === undefined && usage.streamedChars === 0) return usage;
  return {
    total: reported === undefined ? usage.total : addUsage(usage.total, reported),
    streamedChars: 0,
  };
}

/** The session's usage after a conversation event. */
export function usageAfter(usage: SessionUsage, event: AgentEvent): SessionUsage {
  switch (event.type) {
    case 'assistantContentUpdated':
    case 'assistantReasoningUpdated':
      return streamed(usage, event.chunk.length);
    case 'toolBlockUpdated':
      return streamed(usage, event.parametersChunk?.length ?? 0);
    case 'assistantMessageFinished':
      return settled(usage, event.usage);
    case 'assistantMessageDiscarded':
      return settled(usage, undefined);
    // A subagent's model calls count like the parent's.
    case 'subagentEvent':
      return usageAfter(usage, event.event);
    default:
      return usage;
  }
}
