// WebFetch in a real turn: the model (tools/mock-llm over real HTTP) calls it on a local page,
// the rule a user writes lets it read 127.0.0.1, the side request goes to the model settings'
// `modelFor.webfetch` names (its own server), and its answer is the tool result under the URL.
// Without the rule the page is refused even in bypassPermissions.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { start } from '@wave-agent/mock-llm';
import type { MockLlm } from '@wave-agent/mock-llm';
import type { ToolBlock } from '@wave-agent/shared-protocol';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Agent } from '../../agent.js';
import type { AgentOptions } from '../../agent.js';
import { startTestSite } from './test-support/web-servers.js';
import type { TestSite } from './test-support/web-servers.js';

let main: MockLlm;
let side: MockLlm;
let site: TestSite;
let workdir: string;
let waveHome: string;
let agent: Agent | undefined;

beforeEach(async () => {
  site = await startTestSite();
  main = await start({
    scenario: {
      name: 'main',
      turns: [
        {
          reply: [
            {
              type: 'tool_call',
              id: 'call_1',
              name: 'WebFetch',
              input: { url: `${site.base}/article`, prompt: 'What changed in v5?' },
            },
          ],
        },
        { reply: [{ type: 'text', text: 'Done.' }] },
      ],
    },
  });
  side = await start({
    scenario: { name: 'side', turns: [{ reply: [{ type: 'text', text: 'TOML replaces INI.' }] }] },
  });
  workdir = mkdtempSync(join(tmpdir(), 'wave-work-'));
  waveHome = mkdtempSync(join(tmpdir(), 'wave-home-'));
});

afterEach(async () => {
  agent?.destroy();
  agent = undefined;
  await Promise.all([main.close(), side.close(), site.close()]);
  rmSync(workdir, { recursive: true, force: true });
  rmSync(waveHome, { recursive: true, force: true });
});

async function turn(
  allow: readonly string[],
  options: Partial<AgentOptions> = {},
): Promise<ToolBlock> {
  const file = join(waveHome, 'settings.json');
  agent = await Agent.create({
    env: { KEY_MAIN: 'main-key', KEY_SIDE: 'side-key' },
    workdir,
    waveHome,
    settings: {
      models: {
        main: {
          provider: 'openai',
          model: 'main-model',
          baseURL: `${main.url}/v1`,
          apiKeyEnv: 'KEY_MAIN',
        },
        reader: {
          provider: 'openai',
          model: 'reader-model',
          baseURL: `${side.url}/v1`,
          apiKeyEnv: 'KEY_SIDE',
        },
      },
      defaultModel: 'main',
      modelFor: { webfetch: 'reader' },
    },
    permissionSettings: [
      {
        file,
        kind: 'user',
        baseDir: waveHome,
        value: { allow },
        locate: (key) => `${file}:${key}`,
      },
    ],
    retry: { maxRetries: 0, baseDelayMs: 10, idleTimeoutMs: 60_000 },
    logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
    ...options,
  });
  await agent.sendMessage('What does the page say about v5?');
  const block = agent.messages.flatMap((message) => message.blocks).find((b) => b.type === 'tool');
  if (block?.type !== 'tool') throw new Error('The model did not call WebFetch.');
  return block;
}

it('reads the page under a rule naming the host, and answers with modelFor.webfetch', async () => {
  const block = await turn(['WebFetch(domain:127.0.0.1)']);
  expect(block.error).toBeUndefined();
  expect(block.result).toMatch(
    new RegExp(
      `^Fetched: ${site.base}/article\\nTitle: Release notes for Widget 5\\n[^]*\\n\\nTOML replaces INI\\.$`,
    ),
  );
  expect(side.requests).toHaveLength(1);
  const sent = JSON.stringify(side.requests[0]?.body);
  expect(sent).toContain('reader-model');
  expect(sent).toContain('## How to upgrade');
  expect(sent).not.toContain('COOKIE-BANNER-TEXT');
  // The main model got the answer as the tool result.
  expect(JSON.stringify(main.requests[1]?.body)).toContain('TOML replaces INI.');
});

it('refuses 127.0.0.1 without a rule naming it, even in bypassPermissions', async () => {
  const block = await turn([], { permissionMode: 'bypassPermissions' });
  expect(block.result ?? block.error).toMatch(/^Refused to fetch 127\.0\.0\.1/);
  expect(site.requests).toEqual([]);
  expect(side.requests).toHaveLength(0);
});
