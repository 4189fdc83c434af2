// WebSearch with an Anthropic model: the side request declares Anthropic's server-side
// web_search tool and tools/mock-llm answers it with a stream recorded from the real API; the
// tool result holds the query the model searched, the results' titles and URLs and the summary.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { start } from '@wave-agent/mock-llm';
import type { MockLlm } from '@wave-agent/mock-llm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Agent } from '../../agent.js';

const RECORDED = fileURLToPath(
  new URL(
    '../../../../../tools/mock-llm/fixtures/web/anthropic-web-search-tool.1.chunks.txt',
    import.meta.url,
  ),
);

let server: MockLlm;
let workdir: string;
let waveHome: string;
let agent: Agent | undefined;

beforeEach(async () => {
  server = await start({
    scenario: {
      name: 'anthropic search',
      turns: [
        {
          match: { lastUserContains: 'Search the web for:' },
          reply: [],
          recorded: { file: RECORDED },
        },
        {
          match: { lastToolResultContains: 'Web search for' },
          reply: [{ type: 'text', text: 'Done.' }],
        },
        {
          match: { lastUserContains: 'tech news' },
          reply: [
            {
              type: 'tool_call',
              id: 'call_1',
              name: 'WebSearch',
              input: { query: 'tech news today' },
            },
          ],
        },
      ],
    },
  });
  workdir = mkdtempSync(join(tmpdir(), 'wave-work-'));
  waveHome = mkdtempSync(join(tmpdir(), 'wave-home-'));
});

afterEach(async () => {
  agent?.destroy();
  agent = undefined;
  await server.close();
  rmSync(workdir, { recursive: true, force: true });
  rmSync(waveHome, { recursive: true, force: true });
});

it("searches with Anthropic's server tool and gives the results and the summary to the model", async () => {
  agent = await Agent.create({
    provider: 'anthropic',
    model: 'claude-sonnet-4-5',
    baseURL: server.url,
    apiKey: 'test-key',
    workdir,
    waveHome,
    env: {},
    allowedTools: ['WebSearch'],
    retry: { maxRetries: 0, baseDelayMs: 10, idleTimeoutMs: 60_000 },
    logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
  });
  await agent.sendMessage('What is in the tech news today?');
  const block = agent.messages.flatMap((message) => message.blocks).find((b) => b.type === 'tool');
  if (block?.type !== 'tool')
    throw new Error(`The model did not call WebSearch: ${JSON.stringify(agent.messages)}`);
  expect(block.error).toBeUndefined();
  const result = block.result ?? '';
  expect(result).toMatch(
    /^Web search for "tech news today September 26 2025":\n\n1\. \[The Latest AI News and AI Breakthroughs that Matter Most: 2025 \| News\]\(https:\/\//,
  );
  expect(result).toContain(
    '[The all-new Apple Ginza opens this Friday, September 26, in Tokyo - Apple](',
  );
  expect(result).toContain('\n\nSummary of the results:\n');
  // A cited passage keeps its source as a link.
  expect(result).toMatch(
    /Apple today announced the grand reopening of Apple Ginza[^\n]* \(\[The all-new Apple Ginza opens this Friday, September 26, in Tokyo - Apple\]\(https:\/\/www\.apple\.com\/newsroom\//,
  );
  // The side request declared the server tool, with at most 8 searches.
  const side = server.requests.find((request) =>
    JSON.stringify(request.body).includes('web_search_20250305'),
  );
  expect(side?.body).toMatchObject({
    tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 8 }],
  });
});
