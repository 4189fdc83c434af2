// The MCP servers an editor hands over in session/new are the user's word: wave --acp starts
// them (no trust question), their tools reach the model as mcp__<server>__<tool>, and a call
// goes through the same permission question as any command. A real child, the ACP SDK's client,
// a small MCP server over stdio (the Claude Code fixture's) and the mock model.
import { fileURLToPath } from 'node:url';
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import {
  allText,
  EVERYTHING_SERVER,
  initialize,
  newSession,
  prompt,
  SELECT,
  sessionWithServers,
  toolCalls,
  useAcpFixture,
} from './test-kit.js';

const NOTES_SERVER = fileURLToPath(
  new URL('../../test/e2e/fixtures/claude-code-project/notes-server.mjs', import.meta.url),
);

const fixture = useAcpFixture();
const { dir } = fixture;

describe('wave --acp with the editor’s MCP servers', () => {
  it('starts the servers of session/new and runs their tools after asking', async () => {
    await fixture.startMock({
      name: 'note',
      turns: [
        {
          reply: [
            {
              type: 'tool_call',
              id: 'n1',
              name: 'mcp__notes__add_note',
              input: { text: 'buy milk' },
            },
          ],
        },
        { reply: [{ type: 'text', text: 'Noted.' }] },
      ],
    });
    const work = dir('work');
    const wave = fixture.spawn(dir('home'), work);
    wave.answerPermission = () => SELECT('allow');
    await initialize(wave.agent);
    const { sessionId } = await newSession(wave.agent, work, [
      {
        name: 'notes',
        command: process.execPath,
        args: [NOTES_SERVER],
        env: [{ name: 'NOTES_GREETING', value: 'hello from the editor' }],
      },
    ]);
    expect(await prompt(wave.agent, sessionId, 'Remember to buy milk')).toEqual({
      stopReason: 'end_turn',
    });
    const offered = JSON.stringify((fixture.mock.requests[0]?.body as { tools?: unknown }).tools);
    expect(offered).toContain('mcp__notes__add_note');
    // The tool's look: its server and tool, not the model's name for it.
    expect(wave.permissionRequests.map((request) => request.toolCall.title)).toEqual([
      'notes · add_note text: buy milk',
    ]);
    const [call] = [...toolCalls(wave.updates).values()];
    expect(call).toMatchObject({ status: 'completed', kind: 'other' });
    expect(JSON.stringify(call?.content)).toContain(
      'Saved note 1: buy milk (hello from the editor)',
    );
  });

  it('offers the servers’ prompts as commands once they connect, and runs one with its arguments', async () => {
    await fixture.startMock({
      name: 'weather',
      turns: [{ reply: [{ type: 'text', text: 'Sunny.' }] }],
    });
    // The npm reference server: it has prompts with arguments.
    const { wave, sessionId } = await sessionWithServers(fixture, [EVERYTHING_SERVER]);
    const offered = (updates: readonly { update: acp.SessionUpdate }[]) =>
      updates.flatMap((u) =>
        u.update.sessionUpdate === 'available_commands_update' ? [u.update.availableCommands] : [],
      );
    // First the commands without the server's (it is still starting), then with them.
    await wave.waitForUpdates((updates) =>
      offered(updates).some((commands) =>
        commands.some((command) => command.name === 'mcp__everything__args-prompt'),
      ),
    );
    const latest = offered(wave.updates).at(-1) ?? [];
    expect(latest.find((command) => command.name === 'mcp__everything__args-prompt')).toEqual({
      name: 'mcp__everything__args-prompt',
      description: 'A prompt with two arguments, one required and one optional (MCP everything)',
      input: { hint: '<city> [state]' },
    });
    expect(latest.some((command) => command.name === 'compact')).toBe(true);
    expect(await prompt(wave.agent, sessionId, '/mcp__everything__args-prompt Lyon')).toEqual({
      stopReason: 'end_turn',
    });
    const sent = JSON.stringify(fixture.mock.requests[0]?.body);
    expect(sent).toContain("What's weather in Lyon?");
    expect(allText(wave.updates, 'agent_message_chunk')).toContain('Sunny.');
  });
});
