// The Responses API, over real HTTP against tools/mock-llm serving a stream recorded from
// OpenAI (four responses: reasoning with an encrypted part and a summary, then function calls,
// then text), cut at odd byte offsets: the summary is shown as thinking once, before the call;
// the request asks for summaries and encrypted reasoning, and the next request of the tool loop
// sends the encrypted reasoning back with its call.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordedFixturePath } from '@wave-agent/mock-llm';
import { afterEach, describe, expect, it } from 'vitest';
import { startHarness } from '../../test-support/agent-harness.js';
import type { Harness } from '../../test-support/agent-harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

type Json = Record<string, unknown>;

/** The recording's responses, one event list each (each ends with response.completed). */
function recordedResponses(): Json[][] {
  const events = readFileSync(recordedFixturePath('responsesReasoning'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Json);
  const responses: Json[][] = [[]];
  for (const event of events) {
    responses.at(-1)!.push(event);
    if (event['type'] === 'response.completed') responses.push([]);
  }
  return responses.filter((response) => response.length > 0);
}

describe('the Responses API', () => {
  it('streams the reasoning summary as thinking and sends the encrypted reasoning back', async () => {
    const responses = recordedResponses();
    expect(responses).toHaveLength(4);
    harness = await startHarness(
      'openai',
      { name: 'replaced below', turns: [{ reply: [{ type: 'text', text: 'unused' }] }] },
      {
        model: 'codex',
        settings: {
          models: {
            codex: { provider: 'openai', model: 'gpt-5.1-codex-max', api: 'responses' },
          },
        },
      },
    );
    const h = harness;
    const files = responses.map((events, index) => {
      const file = join(h.workdir, `response-${index}.chunks.txt`);
      writeFileSync(file, events.map((event) => JSON.stringify(event)).join('\n'));
      return file;
    });
    h.mock.setScenario({
      name: 'recorded responses',
      turns: files.map((file, index) => ({
        match: { turnIndex: index },
        reply: [],
        recorded: { file, writeBytes: 17 },
      })),
    });
    await h.agent.sendMessage('What is 12 × 7 + 3?');
    expect(h.mock.requests.map((request) => request.path)).toEqual(
      Array.from({ length: 4 }, () => '/v1/responses'),
    );
    const first = h.mock.requests[0]?.body as Json;
    expect(first['reasoning']).toMatchObject({ effort: 'high', summary: 'auto' });
    expect(first['store']).toBe(false);
    expect(first['include']).toEqual(['reasoning.encrypted_content']);

    const summary = responses[0]!
      .filter((event) => event['type'] === 'response.reasoning_summary_text.delta')
      .map((event) => String(event['delta']))
      .join('');
    const reasoningItem = responses[0]!.find(
      (event) =>
        event['type'] === 'response.output_item.done' &&
        (event['item'] as Json)['type'] === 'reasoning',
    )!['item'] as Json;
    const message = h.agent.messages.find((m) => m.role === 'assistant')!;
    expect(message.blocks[0]).toMatchObject({ type: 'reasoning', content: summary });
    expect(message.blocks.map((block) => block.type)).toEqual(['reasoning', 'tool']);

    // The next call sends the reasoning back, encrypted, before its function call.
    const input = (h.mock.requests[1]?.body as Json)['input'] as Json[];
    const reasoning = input.findIndex((item) => item['type'] === 'reasoning');
    expect(input[reasoning]).toMatchObject({
      id: reasoningItem['id'],
      encrypted_content: reasoningItem['encrypted_content'],
    });
    const call = input.findIndex((item) => item['type'] === 'function_call');
    expect(reasoning).toBeLessThan(call);
    h.expectStateMatchesEvents();
  });
});
