import { describe, expect, it } from 'vitest';
import { conversationFrom, emptyConversation } from './conversation.js';
import type { AgentEvent } from './events.js';
import type { Message } from './messages.js';
import { applyEvent, applyEvents } from './reducer.js';
import { applyFrozen, reduceFrozen } from './test-support/frozen-reduce.js';
import {
  assistantAdded,
  reasoning,
  text,
  tool,
  userAdded,
  userMessage,
} from './test-support/event-builders.js';

describe('creating messages', () => {
  it('appends the message a user event carries, as given', () => {
    const event = userAdded('u1');
    const state = applyFrozen(emptyConversation, event);
    expect(event.type === 'userMessageAdded' && state.messages[0] === event.message).toBe(true);
  });

  it('appends an empty assistant message', () => {
    expect(reduceFrozen([assistantAdded('a', 7)]).messages).toStrictEqual([
      { id: 'a', role: 'assistant', blocks: [], createdAt: 7 },
    ]);
  });

  it('appends a notice as a system message', () => {
    expect(
      reduceFrozen([
        {
          type: 'noticeAdded',
          messageId: 'n',
          createdAt: 3,
          message: 'Retrying in 2s',
          level: 'warning',
        },
      ]).messages,
    ).toStrictEqual([
      {
        id: 'n',
        role: 'system',
        blocks: [{ type: 'notice', message: 'Retrying in 2s', level: 'warning' }],
        createdAt: 3,
      },
    ]);
  });

  it('keeps what a notice tells the model as well', () => {
    const [message] = reduceFrozen([
      {
        type: 'noticeAdded',
        messageId: 'n',
        createdAt: 3,
        message: 'Interrupted',
        level: 'info',
        toModel: 'The user interrupted the reply above.',
      },
    ]).messages;
    expect(message?.blocks).toStrictEqual([
      {
        type: 'notice',
        message: 'Interrupted',
        level: 'info',
        toModel: 'The user interrupted the reply above.',
      },
    ]);
  });

  it('appends a compact message', () => {
    const message: Message = {
      id: 'c',
      role: 'system',
      blocks: [{ type: 'compact', summary: 'S' }],
      createdAt: 4,
    };
    expect(reduceFrozen([userAdded('u'), { type: 'compactBlockAdded', message }]).messages[1]).toBe(
      message,
    );
  });

  it('ignores and counts a duplicate id, keeping the same message list', () => {
    const state = reduceFrozen([userAdded('x'), assistantAdded('a')]);
    for (const duplicate of [userAdded('a'), assistantAdded('x'), assistantAdded('a')]) {
      const next = applyFrozen(state, duplicate);
      expect(next.messages).toBe(state.messages);
      expect(next.unmatchedEvents).toBe(1);
    }
  });
});

describe('message-level events', () => {
  it('errorBlockAdded pushes an error block', () => {
    expect(
      reduceFrozen([
        assistantAdded('a'),
        text('a', 'x'),
        { type: 'errorBlockAdded', messageId: 'a', error: '429' },
      ]).messages[0]?.blocks[1],
    ).toStrictEqual({ type: 'error', message: '429' });
  });

  it('assistantMessageFinished sets usage and ends open text and reasoning without inventing endedAt', () => {
    const state = reduceFrozen([
      assistantAdded('a'),
      reasoning('a', 'r', 'streaming', { startedAt: 5 }),
      text('a', 't'),
      tool('a', 't1', 'start'),
      {
        type: 'assistantMessageFinished',
        messageId: 'a',
        finishReason: 'tool-calls',
        usage: { inputTokens: 10, outputTokens: 2 },
      },
    ]);
    expect(state.messages[0]).toStrictEqual({
      id: 'a',
      role: 'assistant',
      createdAt: 1,
      usage: { inputTokens: 10, outputTokens: 2 },
      blocks: [
        { type: 'reasoning', content: 'r', stage: 'end', startedAt: 5 },
        { type: 'text', content: 't', stage: 'end' },
        { type: 'tool', id: 't1', name: 'read', stage: 'start', parameters: '' },
      ],
    });
  });

  it('assistantMessageFinished with nothing open and no usage keeps the state', () => {
    const state = reduceFrozen([assistantAdded('a'), text('a', 'x', 'end')]);
    expect(
      applyFrozen(state, {
        type: 'assistantMessageFinished',
        messageId: 'a',
        finishReason: 'stop',
      }),
    ).toBe(state);
  });

  it('assistantMessageDiscarded removes the message; an unknown one is counted', () => {
    const state = reduceFrozen([userAdded('u'), assistantAdded('a'), text('a', 'partial')]);
    const discarded = applyFrozen(state, { type: 'assistantMessageDiscarded', messageId: 'a' });
    expect(discarded.messages.map((message) => message.id)).toStrictEqual(['u']);
    expect(discarded.messages[0]).toBe(state.messages[0]);
    const unknown = applyFrozen(state, { type: 'assistantMessageDiscarded', messageId: 'zz' });
    expect(unknown.messages).toBe(state.messages);
    expect(unknown.unmatchedEvents).toBe(1);
  });
});

describe('pull and rewind', () => {
  it('messagesReplaced makes the state exactly the given list', () => {
    const pulled = [userMessage('p1'), userMessage('p2')];
    const state = applyFrozen(reduceFrozen([userAdded('old')]), {
      type: 'messagesReplaced',
      messages: pulled,
    });
    expect(state.messages).toBe(pulled);
  });

  it('messagesRewound cuts at the last occurrence of the anchor, anchor included', () => {
    const messages = [
      userMessage('u1'),
      userMessage('x'),
      userMessage('u2'),
      userMessage('x'),
      userMessage('u3'),
    ];
    const state = applyFrozen(conversationFrom(messages), {
      type: 'messagesRewound',
      anchorMessageId: 'x',
    });
    expect(state.messages.map((message) => message.id)).toStrictEqual(['u1', 'x', 'u2']);
    expect(state.messages[0]).toBe(messages[0]);
  });

  it('messagesRewound with an anchor not found changes nothing but the count', () => {
    const state = reduceFrozen([userAdded('u1')]);
    const next = applyFrozen(state, { type: 'messagesRewound', anchorMessageId: 'nope' });
    expect(next.messages).toBe(state.messages);
    expect(next.unmatchedEvents).toBe(1);
  });
});

describe('structural sharing', () => {
  it('keeps the identity of untouched messages and blocks', () => {
    const before = reduceFrozen([
      userAdded('u'),
      assistantAdded('a'),
      text('a', 'one'),
      tool('a', 't1', 'start'),
      text('a', 'two'),
    ]);
    const after = applyFrozen(before, text('a', ' more'));
    expect(after.messages).not.toBe(before.messages);
    expect(after.messages[0]).toBe(before.messages[0]);
    expect(after.messages[1]).not.toBe(before.messages[1]);
    expect(after.messages[1]?.blocks[0]).toBe(before.messages[1]?.blocks[0]);
    expect(after.messages[1]?.blocks[1]).toBe(before.messages[1]?.blocks[1]);
    expect(after.messages[1]?.blocks[2]).toStrictEqual({
      type: 'text',
      content: 'two more',
      stage: 'streaming',
    });
  });

  it('finds the message even when it is not the last one', () => {
    const state = reduceFrozen([assistantAdded('a'), userAdded('u'), text('a', 'late')]);
    expect(state.messages[0]?.blocks).toStrictEqual([
      { type: 'text', content: 'late', stage: 'streaming' },
    ]);
    expect(state.messages[1]?.id).toBe('u');
  });

  it('returns the same state object for an event of a type it does not know', () => {
    const state = reduceFrozen([userAdded('u')]);
    const fromNewerPeer = JSON.parse('{"type":"somethingNew","messageId":"u"}') as AgentEvent;
    expect(applyEvent(state, fromNewerPeer)).toBe(state);
    const prototypeName = JSON.parse('{"type":"toString"}') as AgentEvent;
    expect(applyEvent(state, prototypeName)).toBe(state);
  });
});

describe('applyEvents', () => {
  it('applies events in order', () => {
    const events: AgentEvent[] = [assistantAdded('a'), text('a', 'x'), text('a', 'y', 'end')];
    expect(applyEvents(emptyConversation, events)).toStrictEqual(reduceFrozen(events));
    expect(applyEvents(emptyConversation, events).messages[0]?.blocks[0]).toMatchObject({
      content: 'xy',
    });
  });

  it('conversationFrom holds the given list with nothing unmatched', () => {
    const messages = [userMessage('u')];
    expect(conversationFrom(messages)).toStrictEqual({ messages, unmatchedEvents: 0 });
    expect(conversationFrom(messages).messages).toBe(messages);
  });
});
