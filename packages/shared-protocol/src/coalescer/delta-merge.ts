// Which events a coalescing window may merge, and how (ARCHITECTURE §2.6). Chunks are concatenated in
// arrival order, never replaced: merging two deltas must reduce exactly like applying both.

import type {
  AgentEvent,
  AssistantContentUpdatedEvent,
  AssistantReasoningUpdatedEvent,
  BangBlockUpdatedEvent,
  BtwUpdatedEvent,
  ToolBlockUpdatedEvent,
} from '../events.js';
import { withoutUndefined } from '../reducer/copy-helpers.js';

/** A delta that changes nothing: an empty text chunk while streaming (the reducer ignores it). */
export function isEmptyDelta(event: AgentEvent): boolean {
  return (
    event.type === 'assistantContentUpdated' && event.stage === 'streaming' && event.chunk === ''
  );
}

/**
 * The buffer key of a mergeable delta, or undefined for an event that must go out in order
 * (every `end`, tool `start`, every structural event). Tool `streaming` and `running` share a
 * key; only events of the same stage merge.
 */
export function mergeKeyOf(event: AgentEvent): string | undefined {
  switch (event.type) {
    case 'assistantContentUpdated':
      return event.stage === 'streaming' ? JSON.stringify(['content', event.messageId]) : undefined;
    case 'assistantReasoningUpdated':
      return event.stage === 'streaming'
        ? JSON.stringify(['reasoning', event.messageId])
        : undefined;
    case 'toolBlockUpdated':
      return event.stage === 'streaming' || event.stage === 'running'
        ? JSON.stringify(['tool', event.messageId, event.id])
        : undefined;
    case 'bangBlockUpdated':
      return event.stage === 'running' ? JSON.stringify(['bang', event.messageId]) : undefined;
    case 'btwUpdated':
      return JSON.stringify(['btw', event.btwId]);
    default:
      return undefined;
  }
}

/**
 * One event equivalent to `earlier` followed by `later` (two events of the same key), or
 * undefined when they cannot merge because the stage changed.
 */
export function mergedDeltas(earlier: AgentEvent, later: AgentEvent): AgentEvent | undefined {
  if (earlier.type === 'assistantContentUpdated' && later.type === 'assistantContentUpdated') {
    return mergedContent(earlier, later);
  }
  if (earlier.type === 'assistantReasoningUpdated' && later.type === 'assistantReasoningUpdated') {
    return mergedReasoning(earlier, later);
  }
  if (earlier.type === 'toolBlockUpdated' && later.type === 'toolBlockUpdated') {
    if (earlier.stage !== later.stage) return undefined;
    return earlier.stage === 'streaming'
      ? mergedToolStreaming(earlier, later)
      : mergedToolRunning(earlier, later);
  }
  if (earlier.type === 'bangBlockUpdated' && later.type === 'bangBlockUpdated') {
    return mergedBangOutput(earlier, later);
  }
  if (earlier.type === 'btwUpdated' && later.type === 'btwUpdated') {
    return mergedBtw(earlier, later);
  }
  return undefined;
}

function mergedContent(
  earlier: AssistantContentUpdatedEvent,
  later: AssistantContentUpdatedEvent,
): AssistantContentUpdatedEvent {
  return withoutUndefined({
    ...earlier,
    chunk: earlier.chunk + later.chunk,
    providerMetadata: later.providerMetadata ?? earlier.providerMetadata,
  });
}

/** The block keeps the first clock start; provider data is replaced, so the last one wins. */
function mergedReasoning(
  earlier: AssistantReasoningUpdatedEvent,
  later: AssistantReasoningUpdatedEvent,
): AssistantReasoningUpdatedEvent {
  return withoutUndefined({
    ...earlier,
    chunk: earlier.chunk + later.chunk,
    startedAt: earlier.startedAt ?? later.startedAt,
    providerMetadata: later.providerMetadata ?? earlier.providerMetadata,
  });
}

function mergedToolStreaming(
  earlier: ToolBlockUpdatedEvent,
  later: ToolBlockUpdatedEvent,
): ToolBlockUpdatedEvent {
  return withoutUndefined({
    ...earlier,
    parametersChunk: joinedChunks(earlier.parametersChunk, later.parametersChunk),
    compactParams: later.compactParams ?? earlier.compactParams,
    providerMetadata: later.providerMetadata ?? earlier.providerMetadata,
  });
}

/** Output chunks concatenate; the repeated stable fields and the tail come from the latest. */
function mergedToolRunning(
  earlier: ToolBlockUpdatedEvent,
  later: ToolBlockUpdatedEvent,
): ToolBlockUpdatedEvent {
  return withoutUndefined({
    ...earlier,
    name: later.name,
    parameters: later.parameters ?? earlier.parameters,
    compactParams: later.compactParams ?? earlier.compactParams,
    resultChunk: joinedChunks(earlier.resultChunk, later.resultChunk),
    shortResult: later.shortResult ?? earlier.shortResult,
  });
}

function mergedBangOutput(
  earlier: BangBlockUpdatedEvent,
  later: BangBlockUpdatedEvent,
): BangBlockUpdatedEvent {
  return withoutUndefined({
    ...earlier,
    command: earlier.command ?? later.command,
    outputChunk: joinedChunks(earlier.outputChunk, later.outputChunk),
  });
}

function mergedBtw(earlier: BtwUpdatedEvent, later: BtwUpdatedEvent): BtwUpdatedEvent {
  return { ...earlier, chunk: earlier.chunk + later.chunk };
}

/** Absent stays absent (the reducer treats "no chunk" and "empty chunk" differently for results). */
function joinedChunks(earlier: string | undefined, later: string | undefined): string | undefined {
  if (earlier === undefined && later === undefined) return undefined;
  return (earlier ?? '') + (later ?? '');
}
