import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../events.js';
import { parseAgentEvent } from '../rpc/parse.js';
import { SessionStateSchema } from '../rpc/session-state-schema.js';
import { reduceSessionFrozen } from '../test-support/frozen-session.js';
import { applySessionEvent } from './session-reducer.js';

const reduce = reduceSessionFrozen;

const connecting = (server: string, at = 1): AgentEvent => ({
  type: 'mcpServerConnecting',
  server,
  transport: 'stdio',
  target: 'node notes-server.mjs --verbose',
  at,
});

describe('MCP servers in the session', () => {
  it('go from connecting to connected with their tools, in the order they were started', () => {
    const state = reduce([
      connecting('notes'),
      connecting('search'),
      { type: 'mcpServerConnected', server: 'notes', tools: ['mcp__notes__add'], at: 2 },
    ]);
    expect(state.mcpServers).toStrictEqual([
      {
        name: 'notes',
        transport: 'stdio',
        target: 'node notes-server.mjs --verbose',
        state: 'connected',
        tools: ['mcp__notes__add'],
        since: 2,
      },
      {
        name: 'search',
        transport: 'stdio',
        target: 'node notes-server.mjs --verbose',
        state: 'connecting',
        tools: [],
        since: 1,
      },
    ]);
    expect(SessionStateSchema.safeParse(state).success).toBe(true);
  });

  it('lose their tools when they fail or close, keeping the reason', () => {
    const connected = reduce([
      connecting('notes'),
      { type: 'mcpServerConnected', server: 'notes', tools: ['mcp__notes__add'], at: 2 },
    ]);
    const failed = reduce(
      [{ type: 'mcpServerFailed', server: 'notes', reason: 'It exited with code 1.', at: 3 }],
      connected,
    );
    expect(failed.mcpServers[0]).toMatchObject({
      state: 'failed',
      tools: [],
      reason: 'It exited with code 1.',
      since: 3,
    });
    const closed = reduce([{ type: 'mcpServerClosed', server: 'notes', at: 4 }], connected);
    expect(closed.mcpServers[0]).toMatchObject({ state: 'closed', tools: [], since: 4 });
    expect(closed.mcpServers[0]?.reason).toBeUndefined();
  });

  it('start afresh when connected again, and ignore events for a server they do not have', () => {
    const failed = reduce([
      connecting('notes'),
      { type: 'mcpServerFailed', server: 'notes', reason: 'Timed out.', at: 2 },
    ]);
    const again = reduce([connecting('notes', 5)], failed);
    expect(again.mcpServers).toHaveLength(1);
    expect(again.mcpServers[0]).toMatchObject({ state: 'connecting', since: 5 });
    expect(again.mcpServers[0]?.reason).toBeUndefined();
    expect(
      applySessionEvent(again, { type: 'mcpServerConnected', server: 'other', tools: [], at: 6 }),
    ).toBe(again);
    expect(again.todos).toBe(failed.todos);
  });

  it('are validated on the wire like every event', () => {
    expect(parseAgentEvent({ type: 'mcpServerFailed', server: 'notes', at: 1 }).ok).toBe(false);
    expect(
      parseAgentEvent({ type: 'mcpServerConnected', server: 'notes', tools: ['a'], at: 1 }).ok,
    ).toBe(true);
  });
});
