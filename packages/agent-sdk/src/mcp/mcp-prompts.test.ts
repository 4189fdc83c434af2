// MCP prompts as slash commands in a real Agent against tools/mock-llm over real HTTP, with the
// npm reference server `@modelcontextprotocol/server-everything` as a real child process over
// stdio: its prompts reach the session state, `/mcp__everything__<prompt> args` gets the prompt
// from the server with the arguments, and the model reads its messages as the user's turn while
// every host shows what the user typed.
import type { Scenario } from '@wave-agent/mock-llm';
import { afterEach, describe, expect, it } from 'vitest';
import { ofType, startHarness } from '../test-support/agent-harness.js';
import type { Harness } from '../test-support/agent-harness.js';
import { everythingStdioConfig } from './test-support/mcp-test-configs.js';

let harness: Harness | undefined;

afterEach(async () => {
  await harness?.agent.close();
  await harness?.dispose();
  harness = undefined;
});

const ANSWER: Scenario = { name: 'answer', turns: [{ reply: [{ type: 'text', text: 'Sunny.' }] }] };

async function withEverything(): Promise<Harness> {
  harness = await startHarness('openai', ANSWER, {
    mcpServers: { everything: everythingStdioConfig() },
  });
  return harness;
}

/** The user message the model received in request `index`. */
function userText(h: Harness, index: number): string {
  const body = h.mock.requests[index]?.body as
    { messages?: { role: string; content: unknown }[] } | undefined;
  const users = (body?.messages ?? []).filter((message) => message.role === 'user');
  return JSON.stringify(users.at(-1)?.content ?? null);
}

describe('MCP prompts', { timeout: 60_000 }, () => {
  it('are listed in the session state with their arguments once the server is connected', async () => {
    const h = await withEverything();
    await h.agent.sendMessage('hello');
    const [server] = h.agent.sessionState.mcpServers;
    expect(server?.state).toBe('connected');
    expect(server?.prompts?.find((prompt) => prompt.name === 'args-prompt')).toStrictEqual({
      name: 'args-prompt',
      description: 'A prompt with two arguments, one required and one optional',
      arguments: [
        { name: 'city', description: 'Name of the city', required: true },
        { name: 'state', required: false },
      ],
    });
  });

  it('run with their arguments: the model reads the server’s messages, the user sees what they typed', async () => {
    const h = await withEverything();
    const typed = '/mcp__everything__args-prompt Paris "Ile de France"';
    const result = await h.agent.sendMessage(typed);
    expect(result.stopReason).toBe('end_turn');
    expect(userText(h, 0)).toContain("What's weather in Paris, Ile de France?");
    expect(userText(h, 0)).not.toContain('mcp__everything__args-prompt');
    const user = h.agent.messages.find((message) => message.role === 'user');
    expect(user?.blocks[0]).toMatchObject({ type: 'text', content: typed });
  });

  it('include an embedded resource’s text, and a prompt without arguments runs as it is', async () => {
    const h = await withEverything();
    await h.agent.sendMessage('/mcp__everything__resource-prompt Text 1');
    expect(userText(h, 0)).toContain('Please analyze the following resource');
    expect(userText(h, 0)).toContain('Resource 1: This is a plaintext resource');
    await h.agent.sendMessage('/mcp__everything__simple-prompt');
    expect(userText(h, 1)).toContain('This is a simple prompt without arguments.');
  });

  it('say which argument is missing, in the conversation too, and send nothing to the model', async () => {
    const h = await withEverything();
    const missing =
      '/mcp__everything__args-prompt needs the argument city: type /mcp__everything__args-prompt <city> [state].';
    await expect(h.agent.sendMessage('/mcp__everything__args-prompt')).rejects.toThrow(missing);
    expect(ofType(h.events, 'noticeAdded').map((event) => event.message)).toContain(missing);
    expect(h.mock.requests).toHaveLength(0);
  });

  it('say what the server answered when it refuses the arguments', async () => {
    const h = await withEverything();
    await expect(h.agent.sendMessage('/mcp__everything__resource-prompt Video 1')).rejects.toThrow(
      /^The MCP server "everything" refused the prompt resource-prompt: Invalid resourceType: Video\. .*Check the arguments you gave it\.$/,
    );
    expect(h.mock.requests).toHaveLength(0);
  });
});
