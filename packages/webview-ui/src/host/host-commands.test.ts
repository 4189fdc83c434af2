// What a host may send the view, and the view its host: only well-formed commands get through.
import { describe, expect, it } from 'vitest';
import {
  HOST_COMMAND_KEY,
  readHostCommand,
  readViewRequest,
  VIEW_REQUEST_KEY,
  viewRequestMessage,
} from './host-commands.js';

const command = (value: unknown) => readHostCommand({ [HOST_COMMAND_KEY]: value });

describe('host commands', () => {
  it('takes an attachFile with a path and, optionally, 1-based lines in order', () => {
    expect(command({ type: 'attachFile', path: 'src/a.ts' })).toEqual({
      type: 'attachFile',
      path: 'src/a.ts',
    });
    expect(command({ type: 'attachFile', path: 'a.ts', lines: { from: 3, to: 9 } })).toEqual({
      type: 'attachFile',
      path: 'a.ts',
      lines: { from: 3, to: 9 },
    });
  });

  it('drops an attachFile without a path, with lines out of order, zero or not whole', () => {
    expect(command({ type: 'attachFile', path: '' })).toBeUndefined();
    expect(command({ type: 'attachFile', path: 'x'.repeat(5000) })).toBeUndefined();
    for (const lines of [{ from: 5, to: 2 }, { from: 0, to: 2 }, { from: 1.5, to: 2 }, 'all'])
      expect(command({ type: 'attachFile', path: 'a.ts', lines })).toBeUndefined();
  });
});

describe('view requests', () => {
  it('reads back what the view sends, and nothing malformed', () => {
    expect(readViewRequest(viewRequestMessage({ type: 'openFile', path: '/p/AGENTS.md' }))).toEqual(
      { type: 'openFile', path: '/p/AGENTS.md' },
    );
    expect(readViewRequest({ [VIEW_REQUEST_KEY]: { type: 'openFile', path: 7 } })).toBeUndefined();
    expect(readViewRequest({ [VIEW_REQUEST_KEY]: { type: 'runCommand' } })).toBeUndefined();
    expect(readViewRequest({ jsonrpc: '2.0' })).toBeUndefined();
  });
});
