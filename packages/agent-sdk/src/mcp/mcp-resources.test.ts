// MCP resources as `@<server>:<uri>` mentions in a real Agent against tools/mock-llm, with the
// npm reference server `@modelcontextprotocol/server-everything` over stdio: its resources reach
// the session state, a mentioned one is read from the server and the model reads it after the
// message, and one that cannot be read is said to the user and the model.
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

const ANSWER: Scenario = { name: 'answer', turns: [{ reply: [{ type: 'text', text: 'Read.' }] }] };
const ARCHITECTURE = 'demo://resource/static/document/architecture.md';

async function withEverything(): Promise<Harness> {
  harness = await startHarness('openai', ANSWER, {
    mcpServers: { everything: everythingStdioConfig() },
  });
  return harness;
}

function requestText(h: Harness, index: number): string {
  return JSON.stringify(h.mock.requests[index]?.body ?? null);
}

describe('MCP resources as mentions', { timeout: 60_000 }, () => {
  it('are listed in the session state, and a mentioned one reaches the model after the message', async () => {
    const h = await withEverything();
    const typed = `Summarize @everything:${ARCHITECTURE}.`;
    await h.agent.sendMessage(typed);
    const [server] = h.agent.sessionState.mcpServers;
    expect(server?.resources?.find((resource) => resource.uri === ARCHITECTURE)).toStrictEqual({
      uri: ARCHITECTURE,
      name: 'architecture.md',
      description: 'Static document file exposed from /docs: architecture.md',
      mimeType: 'text/markdown',
    });
    const sent = requestText(h, 0);
    expect(sent).toContain(`Contents of the MCP resource @everything:${ARCHITECTURE}:`);
    expect(sent).toContain('# Everything Server – Architecture');
    // The conversation shows what was typed; no file attachment was tried for the mention.
    const user = h.agent.messages.find((message) => message.role === 'user');
    expect(user?.blocks).toHaveLength(1);
    expect(user?.blocks[0]).toMatchObject({ type: 'text', content: typed });
    expect(ofType(h.events, 'noticeAdded')).toHaveLength(0);
  });

  it('say when a resource cannot be read, and the message still goes', async () => {
    const h = await withEverything();
    await h.agent.sendMessage('Look at @everything:demo://resource/nowhere please');
    const said = ofType(h.events, 'noticeAdded').map((event) => event.message);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(
      /^@everything:demo:\/\/resource\/nowhere was not attached: The MCP server "everything" refused the resource demo:\/\/resource\/nowhere: .*Check the URI\.$/,
    );
    expect(requestText(h, 0)).toContain('was not attached');
  });
});
