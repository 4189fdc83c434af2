import { describe, expect, it } from 'vitest';
import type { McpServerStatus } from '../rpc/mcp-server-status.js';
import { SessionStateSchema } from '../rpc/session-state-schema.js';
import { reduceSessionFrozen } from '../test-support/frozen-session.js';
import { findMcpPromptCommand, mcpPromptCommands } from './mcp-prompt-commands.js';

const weather = {
  name: 'args-prompt',
  description: 'Asks about the weather',
  arguments: [
    { name: 'city', description: 'Name of the city', required: true },
    { name: 'state', required: false },
  ],
};

function connected(prompts = [weather, { name: 'Simple Prompt', arguments: [] }]) {
  return reduceSessionFrozen([
    { type: 'mcpServerConnecting', server: 'Every thing', transport: 'stdio', target: 'x', at: 1 },
    { type: 'mcpServerConnected', server: 'Every thing', tools: [], prompts, at: 2 },
  ]);
}

describe('MCP prompts as slash commands', () => {
  it('come from the session state, named and hinted as Claude Code writes them', () => {
    const state = connected();
    expect(SessionStateSchema.safeParse(state).success).toBe(true);
    expect(
      mcpPromptCommands(state.mcpServers).map(({ name, argumentHint, description }) => ({
        name,
        argumentHint,
        description,
      })),
    ).toStrictEqual([
      {
        name: 'mcp__every_thing__args-prompt',
        argumentHint: '<city> [state]',
        description: 'Asks about the weather (MCP Every thing)',
      },
      {
        name: 'mcp__every_thing__simple_prompt',
        argumentHint: undefined,
        description: 'The prompt Simple Prompt (MCP Every thing)',
      },
    ]);
  });

  it('are found from the typed text, in any case, with the arguments after the name', () => {
    const found = findMcpPromptCommand(
      '/MCP__every_thing__args-prompt  Paris "Ile de France"',
      connected().mcpServers,
    );
    expect(found?.command.server).toBe('Every thing');
    expect(found?.command.prompt.name).toBe('args-prompt');
    expect(found?.args).toBe('Paris "Ile de France"');
    expect(findMcpPromptCommand('/mcp__every_thing__nope', connected().mcpServers)).toBeUndefined();
    expect(
      findMcpPromptCommand('mcp__every_thing__args-prompt', connected().mcpServers),
    ).toBeUndefined();
  });

  it('leave when the server fails or closes, and leave out a name a host already takes', () => {
    const state = connected();
    const failed = reduceSessionFrozen(
      [{ type: 'mcpServerFailed', server: 'Every thing', reason: 'It exited.', at: 3 }],
      state,
    );
    expect(failed.mcpServers[0]?.prompts).toBeUndefined();
    expect(mcpPromptCommands(failed.mcpServers)).toStrictEqual([]);
    expect(
      mcpPromptCommands(state.mcpServers, [{ name: 'mcp__every_thing__args-prompt' }]).map(
        (command) => command.name,
      ),
    ).toStrictEqual(['mcp__every_thing__simple_prompt']);
  });

  it('are none for a server still connecting', () => {
    const servers: McpServerStatus[] = [
      {
        name: 's',
        transport: 'http',
        target: 'u',
        state: 'connecting',
        tools: [],
        prompts: [weather],
        since: 1,
      },
    ];
    expect(mcpPromptCommands(servers)).toStrictEqual([]);
  });
});
