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
  if (total.cacheWriteTokens !== undefined || more.cacheWriteTokens !== undefined)
    sum.cacheWriteTokens = (total.cacheWriteTokens ?? 0) + (more.cacheWriteTokens ?? 0);
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

/** The session's usage with a finished call's (or a compaction's) figures added, per model too. */
export function withSpent(usage: SessionUsage, model: string, spent: Usage): SessionUsage {
  const before = Object.hasOwn(usage.byModel, model) ? usage.byModel[model] : undefined;
  return {
    ...usage,
    total: addUsage(usage.total, spent),
    byModel: { ...usage.byModel, [model]: before === undefined ? spent : addUsage(before, spent) },
  };
}

function settled(
  usage: SessionUsage,
  key: string,
  reported: Usage | undefined,
  model: string,
): SessionUsage {
  const hasEstimate = Object.hasOwn(usage.streaming, key);
  if (reported === undefined && !hasEstimate) return usage;
  const { [key]: _ended, ...others } = usage.streaming;
  const counted = reported === undefined ? usage : withSpent(usage, model, reported);
  return { ...counted, streaming: hasEstimate ? others : usage.streaming };
}

/** What a call is counted under when its event names no model (a session written before). */
export const UNNAMED_MODEL = 'unknown model';

/**
 * The session's usage after a conversation event (`sessionModel`: the model of the session, for a
 * call whose event names none; `scope`: the subagents it came through).
 */
export function usageAfter(
  usage: SessionUsage,
  event: AgentEvent,
  sessionModel: string = UNNAMED_MODEL,
  scope: readonly string[] = [],
): SessionUsage {
  switch (event.type) {
    case 'assistantContentUpdated':
    case 'assistantReasoningUpdated':
      return streamed(usage, streamKey(event.messageId, scope), event.chunk.length);
    case 'toolBlockUpdated':
      return streamed(usage, streamKey(event.messageId, scope), event.parametersChunk?.length ?? 0);
    case 'assistantMessageFinished':
      return settled(
        usage,
        streamKey(event.messageId, scope),
        event.usage,
        event.model ?? sessionModel,
      );
    case 'assistantMessageDiscarded':
      return settled(usage, streamKey(event.messageId, scope), undefined, sessionModel);
    // A subagent's model calls count like the parent's, each on its own.
    case 'subagentEvent':
      return usageAfter(usage, event.event, sessionModel, [...scope, event.toolCallId]);
    default:
      return usage;
  }
}
