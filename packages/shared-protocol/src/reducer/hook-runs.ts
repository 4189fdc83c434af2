// Hook runs (DESIGN §5): a tool's hooks go into its tool block's `hooks`; any other hook run is a
// system message of its own holding one hook block. `end` carries the stable fields again, so a
// step for a run (or message) a consumer never saw still creates it.

import type { ConversationState } from '../conversation.js';
import type { HookRunUpdatedEvent } from '../events.js';
import type { HookBlock, HookRun, Message } from '../messages.js';
import { replacedAt, sameFields, withoutUndefined } from './copy-helpers.js';
import { withBlockReplaced } from './message-blocks.js';
import { appendMessage, countedUnmatched, lastIndexOfMessage } from './message-list.js';

function runOf(event: HookRunUpdatedEvent, previous?: HookRun): HookRun {
  return withoutUndefined<HookRun>({
    id: event.id,
    event: event.event,
    command: event.command,
    source: event.source,
    stage: event.stage,
    outcome: event.outcome ?? previous?.outcome,
    exitCode: event.exitCode === undefined ? previous?.exitCode : event.exitCode,
    output: event.output ?? previous?.output,
    message: event.message ?? previous?.message,
    toModel: event.toModel ?? previous?.toModel,
  });
}

/** `runs` with the run of the event added or brought up to date. */
function withRun(runs: readonly HookRun[], event: HookRunUpdatedEvent): readonly HookRun[] {
  const index = runs.findIndex((run) => run.id === event.id);
  const current = runs[index];
  if (current === undefined) return [...runs, runOf(event)];
  const next = runOf(event, current);
  return sameFields(current, next) ? runs : replacedAt(runs, index, next);
}

function withToolHook(message: Message, event: HookRunUpdatedEvent): Message | undefined {
  const index = message.blocks.findLastIndex(
    (block) => block.type === 'tool' && block.id === event.toolCallId,
  );
  const current = message.blocks[index];
  if (current?.type !== 'tool') return undefined;
  const before = current.hooks ?? [];
  const hooks = withRun(before, event);
  return hooks === before ? message : withBlockReplaced(message, index, { ...current, hooks });
}

export function withHookRun(
  state: ConversationState,
  event: HookRunUpdatedEvent,
): ConversationState {
  const index = lastIndexOfMessage(state.messages, event.messageId);
  const message = state.messages[index];
  if (event.toolCallId !== undefined) {
    const next = message && withToolHook(message, event);
    if (next === undefined) return countedUnmatched(state);
    return next === message
      ? state
      : { ...state, messages: replacedAt(state.messages, index, next) };
  }
  if (message === undefined) {
    const block: HookBlock = { type: 'hook', ...runOf(event) };
    return appendMessage(state, {
      id: event.messageId,
      role: 'system',
      blocks: [block],
      createdAt: event.createdAt,
    });
  }
  const blockIndex = message.blocks.findIndex(
    (block) => block.type === 'hook' && block.id === event.id,
  );
  const current = message.blocks[blockIndex];
  if (current?.type !== 'hook') return countedUnmatched(state);
  const next = withBlockReplaced(message, blockIndex, { type: 'hook', ...runOf(event, current) });
  return next === message ? state : { ...state, messages: replacedAt(state.messages, index, next) };
}
