import { describe, expect, it } from 'vitest';
import { emptyConversation } from '../conversation.js';
import type { AgentEvent } from '../events.js';
import { applyFrozen, reduceFrozen } from '../test-support/frozen-reduce.js';
import { assistantAdded, bang, reasoning, text, tool } from '../test-support/event-builders.js';
import { inArrivalOrder } from '../view/arrival-order.js';

const blocksAfter = (...events: AgentEvent[]) =>
  reduceFrozen([assistantAdded('a'), ...events]).messages[0]?.blocks;

describe('text deltas', () => {
  it('start a text block, then extend it', () => {
    expect(blocksAfter(text('a', 'Hel'), text('a', 'lo'))).toStrictEqual([
      { type: 'text', content: 'Hello', stage: 'streaming' },
    ]);
  });

  it('end the block with an empty end chunk', () => {
    expect(blocksAfter(text('a', 'Hi'), text('a', '', 'end'))).toStrictEqual([
      { type: 'text', content: 'Hi', stage: 'end' },
    ]);
  });

  it('append the chunk an end carries', () => {
    expect(blocksAfter(text('a', 'Hi'), text('a', '!', 'end'))).toStrictEqual([
      { type: 'text', content: 'Hi!', stage: 'end' },
    ]);
  });

  it('create an ended block from an end with text and no current block', () => {
    expect(blocksAfter(text('a', 'All at once', 'end'))).toStrictEqual([
      { type: 'text', content: 'All at once', stage: 'end' },
    ]);
  });

  it('leave the state as it was for an empty end with no current block', () => {
    const state = reduceFrozen([assistantAdded('a')]);
    expect(applyFrozen(state, text('a', '', 'end'))).toBe(state);
  });

  it('leave the state as it was for an empty chunk on a streaming block', () => {
    const state = reduceFrozen([assistantAdded('a'), text('a', 'x')]);
    expect(applyFrozen(state, text('a', ''))).toBe(state);
  });

  it('leave the state as it was for an empty chunk with no current block (after a tool block)', () => {
    const state = reduceFrozen([assistantAdded('a'), text('a', 'x'), tool('a', 't1', 'start')]);
    expect(applyFrozen(state, text('a', ''))).toBe(state);
  });

  it('start a new text block after a tool block', () => {
    expect(
      blocksAfter(text('a', 'Let me look.'), tool('a', 't1', 'start'), text('a', 'Found it.')),
    ).toStrictEqual([
      { type: 'text', content: 'Let me look.', stage: 'streaming' },
      { type: 'tool', id: 't1', name: 'read', stage: 'start', parameters: '' },
      { type: 'text', content: 'Found it.', stage: 'streaming' },
    ]);
  });

  it('start a new text block after a bang block', () => {
    const blocks = blocksAfter(
      text('a', 'one'),
      bang('a', 'running', { command: 'ls' }),
      text('a', 'two'),
    );
    expect(blocks?.map((block) => block.type)).toStrictEqual(['text', 'bang', 'text']);
  });

  it('keep extending across an error block (only tools and bangs interrupt)', () => {
    const blocks = blocksAfter(
      text('a', 'one'),
      { type: 'errorBlockAdded', messageId: 'a', error: 'oops' },
      text('a', ' two'),
    );
    expect(blocks).toStrictEqual([
      { type: 'text', content: 'one two', stage: 'streaming' },
      { type: 'error', message: 'oops' },
    ]);
  });
});

describe('reopening (text and reasoning do not interrupt each other)', () => {
  it('extends the same two blocks for text → reasoning → text, round after round', () => {
    const events: AgentEvent[] = [];
    for (const round of [1, 2, 3]) {
      events.push(text('a', `t${round}`), text('a', '', 'end'));
      events.push(reasoning('a', `r${round}`), reasoning('a', '', 'end'));
    }
    events.push(text('a', 't4'));
    expect(blocksAfter(...events)).toStrictEqual([
      { type: 'text', content: 't1t2t3t4', stage: 'streaming' },
      {
        type: 'reasoning',
        content: 'r1r2r3',
        stage: 'end',
        segments: [{ from: 0 }, { from: 2 }, { from: 4 }],
      },
    ]);
  });

  it('extends the same two blocks for reasoning → text → reasoning, round after round', () => {
    const events: AgentEvent[] = [];
    for (const round of [1, 2, 3]) {
      events.push(reasoning('a', `r${round}`), reasoning('a', '', 'end'));
      events.push(text('a', `t${round}`), text('a', '', 'end'));
    }
    expect(blocksAfter(...events)).toStrictEqual([
      {
        type: 'reasoning',
        content: 'r1r2r3',
        stage: 'end',
        segments: [{ from: 0 }, { from: 2 }, { from: 4 }],
      },
      { type: 'text', content: 't1t2t3', stage: 'end' },
    ]);
  });

  it('records the stretches in the order they arrived once a block reopens', () => {
    const events: AgentEvent[] = [assistantAdded('a')];
    for (const round of [1, 2, 3]) {
      events.push(reasoning('a', `r${round}`), reasoning('a', '', 'end'));
      events.push(text('a', `t${round}`), text('a', '', 'end'));
    }
    const state = reduceFrozen(events.slice(0, 5));
    // Reasoning then text, each once: the blocks' order is the order they came in.
    expect(state.messages[0]?.stretches).toBeUndefined();
    expect(reduceFrozen(events).messages[0]?.stretches).toStrictEqual([
      { blockIndex: 0, from: 0 },
      { blockIndex: 1, from: 0 },
      { blockIndex: 0, from: 2 },
      { blockIndex: 1, from: 2 },
      { blockIndex: 0, from: 4 },
      { blockIndex: 1, from: 4 },
    ]);
  });

  it('keeps the identity of the block that did not change on reopen', () => {
    const before = reduceFrozen([assistantAdded('a'), text('a', 'x', 'end'), reasoning('a', 'y')]);
    const after = applyFrozen(before, text('a', 'z'));
    expect(after.messages[0]?.blocks[1]).toBe(before.messages[0]?.blocks[1]);
    expect(after.messages[0]?.blocks[0]).toStrictEqual({
      type: 'text',
      content: 'xz',
      stage: 'streaming',
    });
  });
});

describe('reasoning clock and provider data', () => {
  it('starts the clock from the creating event', () => {
    expect(blocksAfter(reasoning('a', 'hm', 'streaming', { startedAt: 100 }))).toStrictEqual([
      { type: 'reasoning', content: 'hm', stage: 'streaming', startedAt: 100 },
    ]);
  });

  it('sets endedAt on end and drops it when the block streams again, keeping startedAt; each stretch keeps its own clock', () => {
    const ended = reduceFrozen([
      assistantAdded('a'),
      reasoning('a', 'one', 'streaming', { startedAt: 100 }),
      reasoning('a', '', 'end', { endedAt: 200 }),
    ]);
    expect(ended.messages[0]?.blocks[0]).toStrictEqual({
      type: 'reasoning',
      content: 'one',
      stage: 'end',
      startedAt: 100,
      endedAt: 200,
    });
    const reopened = applyFrozen(ended, reasoning('a', ' two', 'streaming', { startedAt: 999 }));
    expect(reopened.messages[0]?.blocks[0]).toStrictEqual({
      type: 'reasoning',
      content: 'one two',
      stage: 'streaming',
      startedAt: 100,
      segments: [
        { from: 0, startedAt: 100, endedAt: 200 },
        { from: 3, startedAt: 999 },
      ],
    });
    const endedAgain = applyFrozen(reopened, reasoning('a', '', 'end', { endedAt: 1300 }));
    expect(endedAgain.messages[0]?.blocks[0]).toMatchObject({
      startedAt: 100,
      endedAt: 1300,
      stage: 'end',
      segments: [
        { from: 0, startedAt: 100, endedAt: 200 },
        { from: 3, startedAt: 999, endedAt: 1300 },
      ],
    });
  });

  it('takes the event startedAt on reopen when the block had none', () => {
    expect(
      blocksAfter(reasoning('a', 'x'), reasoning('a', 'y', 'streaming', { startedAt: 42 })),
    ).toStrictEqual([{ type: 'reasoning', content: 'xy', stage: 'streaming', startedAt: 42 }]);
  });

  it('keeps endedAt when a later end does not carry one', () => {
    const blocks = blocksAfter(
      reasoning('a', 'x', 'end', { startedAt: 1, endedAt: 5 }),
      reasoning('a', '', 'end'),
    );
    expect(blocks?.[0]).toMatchObject({ endedAt: 5 });
  });

  it('replaces provider data when an event carries some, and keeps it otherwise', () => {
    const blocks = blocksAfter(
      reasoning('a', 'x', 'streaming', { providerMetadata: { anthropic: { signature: 'a' } } }),
      reasoning('a', 'y'),
      reasoning('a', '', 'end', { providerMetadata: { anthropic: { signature: 'b' } } }),
    );
    expect(blocks?.[0]).toStrictEqual({
      type: 'reasoning',
      content: 'xy',
      stage: 'end',
      providerMetadata: { anthropic: { signature: 'b' } },
    });
    const kept = blocksAfter(
      reasoning('a', 'x', 'streaming', { providerMetadata: { anthropic: { signature: 'a' } } }),
      reasoning('a', 'y', 'end'),
    );
    expect(kept?.[0]).toMatchObject({ providerMetadata: { anthropic: { signature: 'a' } } });
  });

  it('creates a block for provider data alone (e.g. redacted thinking)', () => {
    expect(
      blocksAfter(
        reasoning('a', '', 'end', { providerMetadata: { anthropic: { redacted: 'x' } } }),
      ),
    ).toStrictEqual([
      {
        type: 'reasoning',
        content: '',
        stage: 'end',
        providerMetadata: { anthropic: { redacted: 'x' } },
      },
    ]);
  });

  it('never reopens a block sealed with provider data: the next thinking is a block of its own', () => {
    const redacted = { anthropic: { redactedData: 'opaque' } };
    const signed = { anthropic: { signature: 'sig' } };
    const blocks = blocksAfter(
      reasoning('a', '', 'streaming', { providerMetadata: redacted }),
      reasoning('a', '', 'end'),
      reasoning('a', 'second', 'streaming'),
      reasoning('a', '', 'end', { providerMetadata: signed }),
      text('a', 'answer'),
      reasoning('a', 'third'),
    );
    expect(blocks).toStrictEqual([
      { type: 'reasoning', content: '', stage: 'end', providerMetadata: redacted },
      { type: 'reasoning', content: 'second', stage: 'end', providerMetadata: signed },
      { type: 'text', content: 'answer', stage: 'streaming' },
      { type: 'reasoning', content: 'third', stage: 'streaming' },
    ]);
    // Without provider data a reasoning block reopens as before.
    const plain = blocksAfter(reasoning('a', 'x', 'end'), reasoning('a', 'y'));
    expect(plain?.map((block) => block.type)).toStrictEqual(['reasoning']);
  });

  it('shows signed thinking between reopened text in arrival order (R1, T1, R2, T2, R3, T3)', () => {
    const signed = { providerMetadata: { anthropic: { signature: 'sig' } } };
    const state = reduceFrozen([
      assistantAdded('a'),
      reasoning('a', 'r1'),
      reasoning('a', '', 'end', signed),
      text('a', 't1'),
      text('a', '', 'end'),
      reasoning('a', 'r2'),
      reasoning('a', '', 'end', signed),
      text('a', 't2'),
      text('a', '', 'end'),
      reasoning('a', 'r3'),
      reasoning('a', '', 'end', signed),
      text('a', 't3'),
    ]);
    const message = state.messages[0]!;
    expect(
      inArrivalOrder(message).blocks.map((block) => 'content' in block && block.content),
    ).toEqual(['r1', 't1', 'r2', 't2', 'r3', 't3']);
  });

  it('starts a new reasoning block after a tool block', () => {
    const blocks = blocksAfter(reasoning('a', 'a'), tool('a', 't', 'start'), reasoning('a', 'b'));
    expect(blocks?.map((block) => block.type)).toStrictEqual(['reasoning', 'tool', 'reasoning']);
  });
});

describe('deltas for an unknown message', () => {
  it('are counted and keep the same message list', () => {
    const state = reduceFrozen([assistantAdded('a')]);
    for (const event of [
      text('nope', 'x'),
      reasoning('nope', 'x'),
      tool('nope', 't', 'start'),
      bang('nope', 'end'),
    ]) {
      const next = applyFrozen(state, event);
      expect(next.unmatchedEvents).toBe(1);
      expect(next.messages).toBe(state.messages);
    }
    expect(emptyConversation.unmatchedEvents).toBe(0);
  });
});
