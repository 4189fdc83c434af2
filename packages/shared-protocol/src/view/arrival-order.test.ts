import { describe, expect, it } from 'vitest';
import type { Message } from '../messages.js';
import { inArrivalOrder } from './arrival-order.js';

const base = { id: 'a', role: 'assistant' as const, createdAt: 0 };

describe('a message in arrival order', () => {
  it('splits alternating text and reasoning into one block per stretch, each with its own clock', () => {
    const message: Message = {
      ...base,
      blocks: [
        {
          type: 'tool',
          id: 't',
          name: 'Read',
          stage: 'end',
          parameters: '{}',
        },
        {
          type: 'reasoning',
          content: 'r1r2',
          stage: 'streaming',
          startedAt: 100,
          segments: [
            { from: 0, startedAt: 100, endedAt: 300 },
            { from: 2, startedAt: 900 },
          ],
        },
        { type: 'text', content: 't1', stage: 'end' },
      ],
      stretches: [
        { blockIndex: 1, from: 0 },
        { blockIndex: 2, from: 0 },
        { blockIndex: 1, from: 2 },
      ],
    };
    expect(inArrivalOrder(message).blocks).toStrictEqual([
      message.blocks[0],
      { type: 'reasoning', content: 'r1', stage: 'end', startedAt: 100, endedAt: 300 },
      { type: 'text', content: 't1', stage: 'end' },
      { type: 'reasoning', content: 'r2', stage: 'streaming', startedAt: 900 },
    ]);
    // The same message object gives the same shown object.
    expect(inArrivalOrder(message)).toBe(inArrivalOrder(message));
  });

  it('leaves a message that never reopened as it is', () => {
    const message: Message = { ...base, blocks: [{ type: 'text', content: 'x', stage: 'end' }] };
    expect(inArrivalOrder(message)).toBe(message);
  });

  it('keeps every earlier stretch at its position as a later one arrives (a UI keys blocks by it)', () => {
    const reasoning = { type: 'reasoning' as const, startedAt: 1 };
    const twoStretches: Message = {
      ...base,
      blocks: [
        { ...reasoning, content: 'r1', stage: 'end', endedAt: 2 },
        { type: 'text', content: 't1', stage: 'end' },
      ],
    };
    const reopened: Message = {
      ...base,
      blocks: [
        {
          ...reasoning,
          content: 'r1r2',
          stage: 'streaming',
          segments: [
            { from: 0, startedAt: 1, endedAt: 2 },
            { from: 2, startedAt: 3 },
          ],
        },
        { type: 'text', content: 't1', stage: 'end' },
      ],
      stretches: [
        { blockIndex: 0, from: 0 },
        { blockIndex: 1, from: 0 },
        { blockIndex: 0, from: 2 },
      ],
    };
    const before = inArrivalOrder(twoStretches).blocks.map((block) => block.type);
    const after = inArrivalOrder(reopened).blocks.map((block) => block.type);
    expect(after.slice(0, before.length)).toStrictEqual(before);
    expect(after).toStrictEqual(['reasoning', 'text', 'reasoning']);
  });
});
