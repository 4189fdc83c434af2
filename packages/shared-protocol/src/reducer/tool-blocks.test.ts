import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../events.js';
import { applyFrozen, reduceFrozen } from '../test-support/frozen-reduce.js';
import { assistantAdded, tool } from '../test-support/event-builders.js';

const blocksAfter = (...events: AgentEvent[]) =>
  reduceFrozen([assistantAdded('a'), ...events]).messages[0]?.blocks;

describe('tool steps', () => {
  it('start creates the block', () => {
    expect(blocksAfter(tool('a', 't1', 'start'))).toStrictEqual([
      { type: 'tool', id: 't1', name: 'read', stage: 'start', parameters: '' },
    ]);
    expect(blocksAfter(tool('a', 't1', 'start', { parameters: '{}' }))?.[0]).toMatchObject({
      parameters: '{}',
    });
  });

  it("running and end without parameters or compactParams keep the block's (a session file leaves out what it already holds)", () => {
    const streamed = [
      tool('a', 't1', 'start'),
      tool('a', 't1', 'streaming', { parametersChunk: '{"path":"a.ts"}', compactParams: 'a.ts' }),
    ];
    const whole = blocksAfter(
      ...streamed,
      tool('a', 't1', 'running', { parameters: '{"path":"a.ts"}', compactParams: 'a.ts' }),
      tool('a', 't1', 'end', { parameters: '{"path":"a.ts"}', compactParams: 'a.ts', result: 'x' }),
    );
    const trimmed = blocksAfter(
      ...streamed,
      tool('a', 't1', 'running'),
      tool('a', 't1', 'end', { result: 'x' }),
    );
    expect(trimmed).toStrictEqual(whole);
    expect(trimmed?.[0]).toMatchObject({ parameters: '{"path":"a.ts"}', compactParams: 'a.ts' });
  });

  it('a repeated start changes nothing', () => {
    const state = reduceFrozen([assistantAdded('a'), tool('a', 't1', 'start')]);
    expect(applyFrozen(state, tool('a', 't1', 'start'))).toBe(state);
  });

  it('streaming appends parameter chunks and replaces compactParams only when given', () => {
    expect(
      blocksAfter(
        tool('a', 't1', 'start'),
        tool('a', 't1', 'streaming', { parametersChunk: '{"pa' }),
        tool('a', 't1', 'streaming', { parametersChunk: 'th":"a.ts"}', compactParams: 'a.ts' }),
        tool('a', 't1', 'streaming', { parametersChunk: '' }),
      ),
    ).toStrictEqual([
      {
        type: 'tool',
        id: 't1',
        name: 'read',
        stage: 'streaming',
        parameters: '{"path":"a.ts"}',
        compactParams: 'a.ts',
      },
    ]);
  });

  it('streaming creates the block when its start is missing', () => {
    expect(blocksAfter(tool('a', 't1', 'streaming', { parametersChunk: '{' }))).toStrictEqual([
      { type: 'tool', id: 't1', name: 'read', stage: 'streaming', parameters: '{' },
    ]);
  });

  it('running takes the authoritative fields and appends result chunks', () => {
    expect(
      blocksAfter(
        tool('a', 't1', 'start'),
        tool('a', 't1', 'streaming', { parametersChunk: '{"cmd":"l' }),
        tool('a', 't1', 'running', {
          name: 'bash',
          parameters: '{"cmd":"ls"}',
          compactParams: 'ls',
          resultChunk: 'a\n',
          shortResult: 'a',
        }),
        tool('a', 't1', 'running', { name: 'bash', resultChunk: 'b\n', shortResult: 'a b' }),
      ),
    ).toStrictEqual([
      {
        type: 'tool',
        id: 't1',
        name: 'bash',
        stage: 'running',
        parameters: '{"cmd":"ls"}',
        compactParams: 'ls',
        result: 'a\nb\n',
        shortResult: 'a b',
      },
    ]);
  });

  it('running without a result chunk leaves the result absent', () => {
    const block = blocksAfter(
      tool('a', 't1', 'start'),
      tool('a', 't1', 'running', { parameters: '{}' }),
    )?.[0];
    expect(block).toStrictEqual({
      type: 'tool',
      id: 't1',
      name: 'read',
      stage: 'running',
      parameters: '{}',
    });
    expect(block).not.toHaveProperty('isRunning');
  });

  it('end takes its fields as authoritative and keeps what it does not carry', () => {
    expect(
      blocksAfter(
        tool('a', 't1', 'start'),
        tool('a', 't1', 'running', {
          parameters: '{}',
          compactParams: 'x',
          resultChunk: 'partial',
          shortResult: 'p',
        }),
        tool('a', 't1', 'end', { result: 'full output', error: 'exit 1' }),
      ),
    ).toStrictEqual([
      {
        type: 'tool',
        id: 't1',
        name: 'read',
        stage: 'end',
        parameters: '{}',
        compactParams: 'x',
        result: 'full output',
        shortResult: 'p',
        error: 'exit 1',
      },
    ]);
  });

  it('end replaces parameters, shortResult and compactParams when given', () => {
    expect(
      blocksAfter(
        tool('a', 't1', 'start'),
        tool('a', 't1', 'streaming', { parametersChunk: '{"a":', compactParams: 'old' }),
        tool('a', 't1', 'end', { parameters: '{"a":1}', shortResult: 's', compactParams: 'new' }),
      )?.[0],
    ).toStrictEqual({
      type: 'tool',
      id: 't1',
      name: 'read',
      stage: 'end',
      parameters: '{"a":1}',
      compactParams: 'new',
      shortResult: 's',
    });
  });

  it('addresses each call by its id', () => {
    const blocks = blocksAfter(
      tool('a', 't1', 'start'),
      tool('a', 't2', 'start'),
      tool('a', 't1', 'streaming', { parametersChunk: '1' }),
      tool('a', 't2', 'streaming', { parametersChunk: '2' }),
    );
    expect(
      blocks?.map((block) => (block.type === 'tool' ? [block.id, block.parameters] : [])),
    ).toStrictEqual([
      ['t1', '1'],
      ['t2', '2'],
    ]);
  });

  it('running or end for a call never seen creates its block from the repeated fields', () => {
    expect(
      blocksAfter(
        tool('a', 't9', 'running', { name: 'bash', parameters: '{}', compactParams: 'ls' }),
      ),
    ).toStrictEqual([
      {
        type: 'tool',
        id: 't9',
        name: 'bash',
        stage: 'running',
        parameters: '{}',
        compactParams: 'ls',
      },
    ]);
    expect(blocksAfter(tool('a', 't9', 'end', { parameters: '{}', result: 'r' }))).toStrictEqual([
      { type: 'tool', id: 't9', name: 'read', stage: 'end', parameters: '{}', result: 'r' },
    ]);
  });

  it('an update that changes nothing keeps the state', () => {
    const state = reduceFrozen([
      assistantAdded('a'),
      tool('a', 't1', 'running', { parameters: '{}' }),
    ]);
    expect(applyFrozen(state, tool('a', 't1', 'running', { parameters: '{}' }))).toBe(state);
  });
});
