import type { Message } from '@wave-agent/shared-protocol';
import { describe, expect, it } from 'vitest';
import { latestWriting, runningTool, toolUses } from './subagent-activity.js';

const prompt: Message = {
  id: 'u1',
  role: 'user',
  createdAt: 0,
  blocks: [{ type: 'text', content: 'find the bug', stage: 'end' }],
};

const working: Message = {
  id: 'a1',
  role: 'assistant',
  createdAt: 1,
  blocks: [
    { type: 'text', content: 'one\ntwo\nthree\nfour', stage: 'end' },
    { type: 'tool', id: 't1', name: 'Grep', stage: 'end', parameters: '{}', result: 'x' },
    { type: 'tool', id: 't2', name: 'Read', stage: 'running', parameters: '{}' },
  ],
};

describe("a subagent's activity", () => {
  it('counts its tool calls and names the one running', () => {
    expect(toolUses([prompt, working])).toBe(2);
    expect(runningTool([prompt, working])?.name).toBe('Read');
    const done = { ...working, blocks: working.blocks.slice(0, 2) };
    expect(runningTool([prompt, done])).toBeUndefined();
  });

  it('shows the last lines it wrote, never the prompt it was given', () => {
    expect(latestWriting([prompt, working], 2)).toBe('three\nfour');
    expect(latestWriting([prompt], 2)).toBe('');
  });

  it('shows what it wrote last when thinking and text alternated, not the text before it', () => {
    const alternating: Message = {
      id: 'a2',
      role: 'assistant',
      createdAt: 2,
      blocks: [
        { type: 'reasoning', content: 'first thoughtsecond thought', stage: 'streaming' },
        { type: 'text', content: 'an answer', stage: 'end' },
      ],
      stretches: [
        { blockIndex: 0, from: 0 },
        { blockIndex: 1, from: 0 },
        { blockIndex: 0, from: 'first thought'.length },
      ],
    };
    expect(latestWriting([prompt, alternating], 2)).toBe('second thought');
  });
});
