// The official `openai` client's Responses API (what Codex speaks) against the mock, over real
// HTTP and SSE: the reply plan streamed as reasoning summary, text and function calls, the same
// reply whole, the follow-up turn after tool outputs, and the errors in the client's own types.
import OpenAI from 'openai';
import type { ResponseInputItem, ResponseStreamEvent } from 'openai/resources/responses/responses';
import { afterEach, describe, expect, it } from 'vitest';
import { exampleScenarioPath } from '../test-support/example-scenarios.js';
import { postRaw, parseSse } from '../test-support/raw-sse.js';
import type { Scenario } from '../scenario/scenario-types.js';
import { start, type MockLlm, type StartOptions } from './start-mock-llm.js';

let server: MockLlm | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function startWith(from: string | Scenario): Promise<{ server: MockLlm; client: OpenAI }> {
  const options: StartOptions =
    typeof from === 'string' ? { scenarioFile: from } : { scenario: from };
  server = await start(options);
  return {
    server,
    client: new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'test-key', maxRetries: 0 }),
  };
}

const weatherQuestion: ResponseInputItem[] = [
  {
    type: 'message',
    role: 'user',
    content: [{ type: 'input_text', text: 'What is the weather in Paris and Tokyo?' }],
  },
];

function deltas(events: ResponseStreamEvent[], type: ResponseStreamEvent['type']): string[] {
  return events.flatMap((event) =>
    event.type === type && 'delta' in event && typeof event.delta === 'string' ? [event.delta] : [],
  );
}

describe('openai client (Responses API) → mock-llm', () => {
  it('streams the reasoning as a summary, the text and two function calls, each item opened, filled and closed', async () => {
    const { client, server } = await startWith(exampleScenarioPath('reasoning-tool-call'));
    const stream = client.responses.stream({ model: 'gpt-test', input: weatherQuestion });
    const events: ResponseStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    const response = await stream.finalResponse();

    expect(events[0]?.type).toBe('response.created');
    expect(events.at(-1)?.type).toBe('response.completed');
    expect(events.map((event) => event.sequence_number)).toEqual(events.map((_, i) => i));
    const summary = deltas(events, 'response.reasoning_summary_text.delta');
    expect(summary.length).toBeGreaterThan(5);
    expect(summary.join('')).toBe('The user wants the weather in two cities. I will look both up.');
    expect(deltas(events, 'response.output_text.delta').join('')).toBe('Let me check both cities.');
    expect(deltas(events, 'response.function_call_arguments.delta').length).toBeGreaterThan(10);
    // Every item is announced before its deltas and closed after them.
    const itemEvents = events.filter(
      (event) =>
        event.type === 'response.output_item.added' || event.type === 'response.output_item.done',
    );
    expect(itemEvents.map((event) => `${event.type}:${event.output_index}`)).toEqual([
      'response.output_item.added:0',
      'response.output_item.done:0',
      'response.output_item.added:1',
      'response.output_item.done:1',
      'response.output_item.added:2',
      'response.output_item.done:2',
      'response.output_item.added:3',
      'response.output_item.done:3',
    ]);

    expect(response.status).toBe('completed');
    expect(response.output_text).toBe('Let me check both cities.');
    const calls = response.output.flatMap((item) =>
      item.type === 'function_call' ? [[item.call_id, item.name, JSON.parse(item.arguments)]] : [],
    );
    expect(calls).toEqual([
      ['call_paris', 'get_weather', { city: 'Paris', unit: 'celsius' }],
      [
        'call_tokyo',
        'get_weather',
        { city: 'Tokyo', unit: 'celsius', details: { hourly: true, days: [1, 2, 3] } },
      ],
    ]);
    const reasoning = response.output.find((item) => item.type === 'reasoning');
    expect(reasoning?.type === 'reasoning' && reasoning.encrypted_content).toBe('c2lnLXR1cm4tMA==');
    expect(response.usage).toMatchObject({
      input_tokens: 120,
      output_tokens: 45,
      total_tokens: 165,
    });
    expect(server.requests[0]?.path).toBe('/v1/responses');
  });

  it('answers the follow-up turn once the function call outputs come back', async () => {
    const { client, server } = await startWith(exampleScenarioPath('reasoning-tool-call'));
    const first = await client.responses.create({ model: 'gpt-test', input: weatherQuestion });
    const outputs: ResponseInputItem[] = [
      { type: 'function_call_output', call_id: 'call_paris', output: '18 °C, sunny' },
      { type: 'function_call_output', call_id: 'call_tokyo', output: '24 °C, light rain' },
    ];
    const followUp = await client.responses.create({
      model: 'gpt-test',
      input: [...weatherQuestion, ...(first.output as ResponseInputItem[]), ...outputs],
    });
    expect(followUp.output_text).toBe('Paris is 18 °C and sunny; Tokyo is 24 °C with light rain.');
    expect(server.served).toBe(2);
  });

  it('streams text parts in a row as one message, one output_text part each', async () => {
    const { client } = await startWith({
      name: 'two texts',
      chunkSize: 4,
      turns: [
        {
          reply: [
            { type: 'text', text: 'The long part, ' },
            { type: 'text', text: 'THE-END' },
          ],
        },
      ],
    });
    const stream = client.responses.stream({ model: 'gpt-test', input: 'go' });
    const events: ResponseStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    const response = await stream.finalResponse();
    expect(response.output.map((item) => item.type)).toEqual(['message']);
    expect(response.output_text).toBe('The long part, THE-END');
    const parts = events.flatMap((event) =>
      event.type === 'response.content_part.added' ? [event.content_index] : [],
    );
    expect(parts).toEqual([0, 1]);
    expect(deltas(events, 'response.output_text.delta').join('')).toBe('The long part, THE-END');
  });

  it('returns a whole response when not streaming, and an incomplete one at the token limit', async () => {
    const file: Scenario = {
      name: 'limit',
      turns: [{ reply: [{ type: 'text', text: 'cut short' }], stopReason: 'max_tokens' }],
    };
    const { client } = await startWith(file);
    const response = await client.responses.create({ model: 'gpt-test', input: 'go on' });
    expect(response.object).toBe('response');
    expect(response.output_text).toBe('cut short');
    expect(response.status).toBe('incomplete');
    expect(response.incomplete_details).toEqual({ reason: 'max_output_tokens' });
  });

  it('ends the stream with response.incomplete at the token limit', async () => {
    const file: Scenario = {
      name: 'limit',
      turns: [{ reply: [{ type: 'text', text: 'cut short' }], stopReason: 'max_tokens' }],
    };
    const { server: mock } = await startWith(file);
    const raw = await postRaw(`${mock.url}/v1/responses`, {
      model: 'gpt-test',
      stream: true,
      input: 'go on',
    });
    const events = parseSse(raw.text);
    expect(events.at(-1)?.event).toBe('response.incomplete');
    expect(events.every((event) => JSON.parse(event.data).type === event.event)).toBe(true);
  });

  it('fails a stream with response.failed when the script fails it, and an HTTP error as an APIError', async () => {
    const file: Scenario = {
      name: 'faults',
      turns: [
        {
          match: { lastUserContains: 'stream' },
          faults: [{ kind: 'stream-error', afterChunks: 3, message: 'the model fell over' }],
          reply: [{ type: 'text', text: 'never seen' }],
        },
        {
          match: { lastUserContains: 'http' },
          faults: [{ kind: 'http', status: 429 }],
          reply: [{ type: 'text', text: 'never seen' }],
        },
      ],
    };
    const { client } = await startWith(file);
    const stream = client.responses.stream({ model: 'gpt-test', input: 'stream please' });
    // The real API's in-stream failure is a `response.failed` event; the client hands it back.
    const failed = await stream.finalResponse();
    expect(failed.status).toBe('failed');
    expect(failed.error?.message).toBe('the model fell over');
    const failure = client.responses.create({ model: 'gpt-test', input: 'http please' });
    await expect(failure).rejects.toBeInstanceOf(OpenAI.RateLimitError);
  });
});
