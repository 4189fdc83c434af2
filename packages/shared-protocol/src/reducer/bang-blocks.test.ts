import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../events.js';
import type { Message } from '../messages.js';
import { applyFrozen, reduceFrozen } from '../test-support/frozen-reduce.js';
import { bang } from '../test-support/event-builders.js';

const bangMessage = (blocks: Message['blocks'] = []): AgentEvent => ({
  type: 'userMessageAdded',
  message: { id: 'u', role: 'user', blocks, createdAt: 1 },
});
const blocksAfter = (first: AgentEvent, ...events: AgentEvent[]) =>
  reduceFrozen([first, ...events]).messages[0]?.blocks;

describe('bang steps', () => {
  it('running with a command creates the block, output chunks append, end sets the exit code', () => {
    expect(
      blocksAfter(
        bangMessage(),
        bang('u', 'running', { command: 'ls', outputChunk: 'a\n' }),
        bang('u', 'running', { outputChunk: 'b\n' }),
        bang('u', 'end', { outputChunk: 'c\n', exitCode: 0 }),
      ),
    ).toStrictEqual([
      { type: 'bang', command: 'ls', output: 'a\nb\nc\n', stage: 'end', exitCode: 0 },
    ]);
  });

  it('keeps a null exit code (killed by a signal) and leaves it absent when not given', () => {
    expect(
      blocksAfter(
        bangMessage(),
        bang('u', 'running', { command: 'x' }),
        bang('u', 'end', { exitCode: null }),
      )?.[0],
    ).toStrictEqual({
      type: 'bang',
      command: 'x',
      output: '',
      stage: 'end',
      exitCode: null,
    });
    expect(
      blocksAfter(bangMessage(), bang('u', 'running', { command: 'x' }), bang('u', 'end'))?.[0],
    ).not.toHaveProperty('exitCode');
  });

  it('extends a bang block the user message already carries', () => {
    expect(
      blocksAfter(
        bangMessage([{ type: 'bang', command: 'ls', output: '', stage: 'running' }]),
        bang('u', 'running', { command: 'ls', outputChunk: 'out' }),
      ),
    ).toStrictEqual([{ type: 'bang', command: 'ls', output: 'out', stage: 'running' }]);
  });

  it('targets the last bang block of the message', () => {
    const blocks = blocksAfter(
      bangMessage([
        { type: 'bang', command: 'one', output: '1', stage: 'end', exitCode: 0 },
        { type: 'bang', command: 'two', output: '', stage: 'running' },
      ]),
      bang('u', 'running', { outputChunk: '2' }),
    );
    expect(blocks?.map((block) => (block.type === 'bang' ? block.output : ''))).toStrictEqual([
      '1',
      '2',
    ]);
  });

  it('output without a block to write into changes nothing', () => {
    const state = reduceFrozen([bangMessage()]);
    expect(applyFrozen(state, bang('u', 'running', { outputChunk: 'x' }))).toBe(state);
    expect(applyFrozen(state, bang('u', 'end', { exitCode: 1 }))).toBe(state);
  });
});
