import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../events.js';
import { assistantAdded, tool } from '../test-support/event-builders.js';
import { reduceFrozen } from '../test-support/frozen-reduce.js';

describe('whether a command ran in the sandbox', () => {
  it('the tool card keeps it from running on, and end may correct it', () => {
    const blocks = (...events: AgentEvent[]) =>
      reduceFrozen([assistantAdded('a'), ...events]).messages[0]?.blocks[0];
    expect(blocks(tool('a', 't1', 'running', { sandboxed: true }))).toMatchObject({
      sandboxed: true,
    });
    expect(
      blocks(tool('a', 't1', 'running', { sandboxed: true }), tool('a', 't1', 'end', {})),
    ).toMatchObject({ stage: 'end', sandboxed: true });
    // Run once outside the sandbox after the user agreed.
    expect(
      blocks(
        tool('a', 't1', 'running', { sandboxed: true }),
        tool('a', 't1', 'end', { sandboxed: false }),
      ),
    ).toMatchObject({ sandboxed: false });
    expect(blocks(tool('a', 't1', 'end', {}))).not.toHaveProperty('sandboxed');
  });

  it('the bang block takes it at its end', () => {
    const state = reduceFrozen([
      {
        type: 'userMessageAdded',
        message: {
          id: 'u',
          role: 'user',
          createdAt: 1,
          blocks: [{ type: 'bang', command: 'ls', output: '', stage: 'running' }],
        },
      },
      { type: 'bangBlockUpdated', messageId: 'u', stage: 'end', exitCode: 0, sandboxed: true },
    ]);
    expect(state.messages[0]?.blocks[0]).toMatchObject({ stage: 'end', sandboxed: true });
  });
});
