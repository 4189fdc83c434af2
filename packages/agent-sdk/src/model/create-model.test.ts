// The wire providers make their calls through httpFetch (Node's http client), not Node's fetch:
// a request made by fetch carries the `sec-fetch-mode` header its Fetch standard adds, one made
// by httpFetch does not.
import { afterEach, describe, expect, it } from 'vitest';
import { PROVIDERS, lastAssistantText, startHarness } from '../test-support/agent-harness.js';
import type { Harness } from '../test-support/agent-harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

describe('createLanguageModel', () => {
  it.each(PROVIDERS)('%s calls the model over httpFetch', async (provider) => {
    harness = await startHarness(provider, {
      name: 'http-fetch',
      turns: [{ reply: [{ type: 'text', text: 'Over node:http.' }] }],
    });
    await harness.agent.sendMessage('hello');
    expect(lastAssistantText(harness.agent)).toBe('Over node:http.');
    expect(harness.mock.requests).toHaveLength(1);
    expect(harness.mock.requests[0]?.headers['sec-fetch-mode']).toBeUndefined();
    expect(harness.mock.requests[0]?.headers['user-agent']).toMatch(/ai-sdk/);
  });
});
