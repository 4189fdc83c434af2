import { describe, expect, it } from 'vitest';
import { emptyConversation } from '../conversation.js';
import type { ConversationState } from '../conversation.js';
import type { AgentEvent, ConversationEvent } from '../events.js';
import { applyEvent } from '../reducer.js';
import { parseAgentEvent } from '../rpc/parse.js';
import { MessageListSchema } from '../rpc/message-schemas.js';
import { deepFreeze } from '../test-support/deep-freeze.js';
import { assistantAdded, text, tool, userAdded } from '../test-support/event-builders.js';
import { usageAfter } from '../session/session-usage.js';
import { NO_USAGE, liveTokenCount } from '../session/session-state.js';

function reduce(events: readonly AgentEvent[], state = emptyConversation): ConversationState {
  return events.reduce(
    (current, event) => deepFreeze(applyEvent(current, deepFreeze(event))),
    state,
  );
}

const nested = (toolCallId: string, event: AgentEvent): AgentEvent => ({
  type: 'subagentEvent',
  messageId: 'a',
  toolCallId,
  event: event as Extract<ConversationEvent, { type: 'assistantContentUpdated' }>,
});

const parent: AgentEvent[] = [
  userAdded('u', 'look at both'),
  assistantAdded('a'),
  tool('a', 'task-1', 'start', { name: 'Task' }),
  tool('a', 'task-2', 'start', { name: 'Task' }),
  tool('a', 'task-1', 'running', { name: 'Task', parameters: '{}' }),
  tool('a', 'task-2', 'running', { name: 'Task', parameters: '{}' }),
];

function threadOf(state: ConversationState, id: string) {
  const block = state.messages[1]?.blocks.find((b) => b.type === 'tool' && b.id === id);
  return block?.type === 'tool' ? block.thread : undefined;
}

describe('subagent threads', () => {
  it('reduce two interleaved children into their own tool blocks, each delta once', () => {
    const state = reduce([
      ...parent,
      nested('task-1', userAdded('c1u', 'first job')),
      nested('task-2', userAdded('c2u', 'second job')),
      nested('task-1', assistantAdded('c1')),
      nested('task-2', assistantAdded('c2')),
      nested('task-1', text('c1', 'one ')),
      nested('task-2', text('c2', 'uno ')),
      nested('task-1', text('c1', 'two')),
      nested('task-2', tool('c2', 'inner', 'running', { name: 'Read', parameters: '{}' })),
      nested('task-2', tool('c2', 'inner', 'end', { name: 'Read', result: 'file' })),
      nested('task-2', text('c2', 'dos')),
      nested('task-1', { type: 'assistantMessageFinished', messageId: 'c1', finishReason: 'stop' }),
    ]);
    const first = threadOf(state, 'task-1');
    const second = threadOf(state, 'task-2');
    expect(first?.map((m) => m.id)).toStrictEqual(['c1u', 'c1']);
    expect(first?.[1]?.blocks).toStrictEqual([{ type: 'text', content: 'one two', stage: 'end' }]);
    expect(second?.[1]?.blocks.map((b) => b.type)).toStrictEqual(['text', 'tool', 'text']);
    expect(second?.[1]?.blocks[2]).toMatchObject({ content: 'dos' });
    expect(state.unmatchedEvents).toBe(0);
    // The parent holds exactly its own two messages: nothing of the children leaked out.
    expect(state.messages).toHaveLength(2);
    expect(MessageListSchema.safeParse(JSON.parse(JSON.stringify(state.messages))).success).toBe(
      true,
    );
  });

  it('leave untouched blocks and messages as they were', () => {
    const before = reduce([...parent, nested('task-1', userAdded('c1u'))]);
    const after = reduce([nested('task-1', assistantAdded('c1'))], before);
    expect(after.messages[0]).toBe(before.messages[0]);
    expect(after.messages[1]?.blocks[1]).toBe(before.messages[1]?.blocks[1]);
    expect(threadOf(after, 'task-1')?.[0]).toBe(threadOf(before, 'task-1')?.[0]);
  });

  it('count an event for a missing tool block or child message as unmatched', () => {
    const state = reduce(parent);
    expect(reduce([nested('nope', userAdded('x'))], state).unmatchedEvents).toBe(1);
    expect(reduce([nested('task-1', text('ghost', 'x'))], state).unmatchedEvents).toBe(1);
    const elsewhere: AgentEvent = {
      type: 'subagentEvent',
      messageId: 'gone',
      toolCallId: 'task-1',
      event: { type: 'assistantMessageAdded', messageId: 'x', createdAt: 1 },
    };
    expect(reduce([elsewhere], state).unmatchedEvents).toBe(1);
  });

  it('travel as JSON, and refuse a nested replace or a grandchild', () => {
    const event = nested('task-1', text('c1', 'hi'));
    expect(parseAgentEvent(JSON.parse(JSON.stringify(event)))).toStrictEqual({
      ok: true,
      value: event,
    });
    expect(parseAgentEvent(nested('task-1', { type: 'messagesReplaced', messages: [] })).ok).toBe(
      false,
    );
    expect(parseAgentEvent(nested('task-1', event)).ok).toBe(false);
  });

  it("count a child's streamed characters and usage in the session's tokens", () => {
    const streamed = usageAfter(NO_USAGE, nested('task-1', text('c1', 'abcd')));
    expect(streamed.streaming).toStrictEqual({ 'task-1/c1': 4 });
    const settled = usageAfter(
      streamed,
      nested('task-1', {
        type: 'assistantMessageFinished',
        messageId: 'c1',
        finishReason: 'stop',
        usage: { inputTokens: 10, outputTokens: 2 },
        model: 'gpt-5-mini',
      }),
    );
    expect(settled).toStrictEqual({
      total: { inputTokens: 10, outputTokens: 2 },
      byModel: { 'gpt-5-mini': { inputTokens: 10, outputTokens: 2 } },
      streaming: {},
    });
  });

  it("replace only the finished call's estimate when calls stream side by side", () => {
    const finish = (messageId: string, outputTokens: number): AgentEvent => ({
      type: 'assistantMessageFinished',
      messageId,
      finishReason: 'stop',
      usage: { inputTokens: 0, outputTokens },
    });
    const events: AgentEvent[] = [
      text('a1', 'p'.repeat(400)),
      nested('task-1', text('c1', 'x'.repeat(40))),
      nested('task-2', text('c1', 'y'.repeat(80))),
    ];
    const streaming = events.reduce((usage, event) => usageAfter(usage, event), NO_USAGE);
    expect(liveTokenCount(streaming)).toBe(100 + 10 + 20);
    // The first subagent's call ends: its 10 estimated become its 3 reported; the others go on.
    const oneDone = usageAfter(streaming, nested('task-1', finish('c1', 3)));
    expect(liveTokenCount(oneDone)).toBe(100 + 3 + 20);
    // The second subagent (same message id, another call) and the parent keep streaming.
    const more = usageAfter(
      usageAfter(oneDone, nested('task-2', text('c1', 'y'.repeat(40)))),
      text('a1', 'p'.repeat(4)),
    );
    expect(liveTokenCount(more)).toBe(101 + 3 + 30);
    const parentDone = usageAfter(more, finish('a1', 90));
    expect(liveTokenCount(parentDone)).toBe(90 + 3 + 30);
    expect(parentDone.streaming).toStrictEqual({ 'task-2/c1': 120 });
  });
});
