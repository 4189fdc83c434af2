import { describe, expect, it } from 'vitest';
import type { AgentEvent, HookRunUpdatedEvent } from '../events.js';
import { reduceFrozen } from '../test-support/frozen-reduce.js';

const hook = (
  stage: 'running' | 'end',
  fields: Partial<HookRunUpdatedEvent> = {},
): HookRunUpdatedEvent => ({
  type: 'hookRunUpdated',
  messageId: 'h',
  createdAt: 5,
  id: 'run-1',
  event: 'Stop',
  command: './check.sh',
  source: '/p/.claude/settings.json',
  stage,
  ...fields,
});

const toolCall: AgentEvent[] = [
  { type: 'assistantMessageAdded', messageId: 'a', createdAt: 1 },
  { type: 'toolBlockUpdated', messageId: 'a', id: 't1', stage: 'start', name: 'Bash' },
];

describe('hook runs', () => {
  it('a hook of no tool is a system message whose block ends with its outcome', () => {
    const state = reduceFrozen([
      hook('running'),
      hook('end', { outcome: 'blocked', exitCode: 2, output: 'no', toModel: 'fix it' }),
    ]);
    expect(state.unmatchedEvents).toBe(0);
    expect(state.messages).toStrictEqual([
      {
        id: 'h',
        role: 'system',
        createdAt: 5,
        blocks: [
          {
            type: 'hook',
            id: 'run-1',
            event: 'Stop',
            command: './check.sh',
            source: '/p/.claude/settings.json',
            stage: 'end',
            outcome: 'blocked',
            exitCode: 2,
            output: 'no',
            toModel: 'fix it',
          },
        ],
      },
    ]);
  });

  it('an end whose running was missed still creates the block', () => {
    const state = reduceFrozen([hook('end', { outcome: 'ok', exitCode: 0 })]);
    expect(state.messages[0]?.blocks[0]).toMatchObject({ type: 'hook', stage: 'end' });
  });

  it("a tool's hooks go into its block, one entry per run, in the order they started", () => {
    const state = reduceFrozen([
      ...toolCall,
      hook('running', { messageId: 'a', toolCallId: 't1', event: 'PreToolUse' }),
      hook('running', { messageId: 'a', toolCallId: 't1', id: 'run-2', event: 'PreToolUse' }),
      hook('end', {
        messageId: 'a',
        toolCallId: 't1',
        id: 'run-2',
        event: 'PreToolUse',
        outcome: 'failed',
        exitCode: 1,
      }),
    ]);
    expect(state.messages).toHaveLength(1);
    const block = state.messages[0]?.blocks[0];
    expect(block?.type === 'tool' ? block.hooks : undefined).toStrictEqual([
      expect.objectContaining({ id: 'run-1', stage: 'running' }),
      expect.objectContaining({ id: 'run-2', stage: 'end', outcome: 'failed', exitCode: 1 }),
    ]);
  });

  it('a tool hook for a call nobody saw is counted as unmatched', () => {
    const state = reduceFrozen([hook('running', { messageId: 'a', toolCallId: 'nope' })]);
    expect(state.unmatchedEvents).toBe(1);
    expect(state.messages).toHaveLength(0);
  });
});
