// The official `@anthropic-ai/sdk` client against the mock: blocks, signatures, usage, stop reasons.
import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam, RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { exampleScenarioPath } from '../test-support/example-scenarios.js';
import { start, type MockLlm } from './start-mock-llm.js';

let server: MockLlm | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function startWith(name: string): Promise<{ server: MockLlm; client: Anthropic }> {
  server = await start({ scenarioFile: exampleScenarioPath(name) });
  return {
    server,
    client: new Anthropic({ baseURL: server.url, apiKey: 'test-key', maxRetries: 0 }),
  };
}

const weatherQuestion: MessageParam[] = [
  { role: 'user', content: 'What is the weather in Paris and Tokyo?' },
];
const model = 'claude-test';

describe('anthropic client → mock-llm', () => {
  it('streams scripted text with usage and stop reason', async () => {
    const { client } = await startWith('simple-text');
    const message = await client.messages
      .stream({ model, max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] })
      .finalMessage();
    expect(message.content).toEqual([
      { type: 'text', text: "Hello from mock-llm! Café au lait, s'il vous plaît 😀." },
    ]);
    expect(message.stop_reason).toBe('end_turn');
    expect(message.usage).toMatchObject({ input_tokens: 12, output_tokens: 9 });
    expect(message.model).toBe(model);
  });

  it('streams the raw events in order: message_start, blocks with deltas, message_delta, message_stop', async () => {
    const { client } = await startWith('simple-text');
    const events: RawMessageStreamEvent[] = [];
    const stream = await client.messages.create({
      model,
      max_tokens: 100,
      stream: true,
      messages: [{ role: 'user', content: 'hi' }],
    });
    for await (const event of stream) events.push(event);
    const types = events.map((event) => event.type);
    expect(types[0]).toBe('message_start');
    expect(types.slice(1, 3)).toEqual(['content_block_start', 'content_block_delta']);
    expect(types.slice(-3)).toEqual(['content_block_stop', 'message_delta', 'message_stop']);
    expect(types.filter((type) => type === 'content_block_delta').length).toBeGreaterThan(5);
    const start = events[0];
    expect(start?.type === 'message_start' && start.message.usage.input_tokens).toBe(12);
    const delta = events.at(-2);
    expect(
      delta?.type === 'message_delta' && [delta.delta.stop_reason, delta.usage.output_tokens],
    ).toEqual(['end_turn', 9]);
  });

  it('streams thinking with its signature, text and two tool_use blocks with parsed input', async () => {
    const { client, server } = await startWith('reasoning-tool-call');
    const stream = client.messages.stream({ model, max_tokens: 100, messages: weatherQuestion });
    let jsonFragments = 0;
    stream.on('inputJson', () => (jsonFragments += 1));
    const message = await stream.finalMessage();
    expect(message.content).toEqual([
      {
        type: 'thinking',
        thinking: 'The user wants the weather in two cities. I will look both up.',
        signature: 'c2lnLXR1cm4tMA==',
      },
      { type: 'text', text: 'Let me check both cities.' },
      {
        type: 'tool_use',
        id: 'call_paris',
        name: 'get_weather',
        input: { city: 'Paris', unit: 'celsius' },
      },
      {
        type: 'tool_use',
        id: 'call_tokyo',
        name: 'get_weather',
        input: { city: 'Tokyo', unit: 'celsius', details: { hourly: true, days: [1, 2, 3] } },
      },
    ]);
    expect(jsonFragments).toBeGreaterThan(10);
    expect(message.stop_reason).toBe('tool_use');
    expect(message.usage).toMatchObject({ input_tokens: 120, output_tokens: 45 });
    expect(server.served).toBe(1);
  });

  it('sends the thinking signature and tool results back on the next turn, as the record shows', async () => {
    const { client, server } = await startWith('reasoning-tool-call');
    const first = await client.messages
      .stream({ model, max_tokens: 100, messages: weatherQuestion })
      .finalMessage();
    const final = await client.messages
      .stream({
        model,
        max_tokens: 100,
        messages: [
          ...weatherQuestion,
          { role: 'assistant', content: first.content },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 'call_paris', content: '18 °C, sunny' },
              {
                type: 'tool_result',
                tool_use_id: 'call_tokyo',
                content: [{ type: 'text', text: '24 °C, light rain' }],
              },
            ],
          },
        ],
      })
      .finalMessage();
    expect(final.content.map((block) => block.type)).toEqual(['thinking', 'text']);
    expect(final.content[1]).toMatchObject({
      text: 'Paris is 18 °C and sunny; Tokyo is 24 °C with light rain.',
    });

    const second = server.requests[1];
    expect(second?.path).toBe('/v1/messages');
    // SDK 1.x sends the API key as a bearer token, not as x-api-key.
    expect(second?.headers.authorization).toBe('Bearer test-key');
    const sent = second?.body as {
      messages: Array<{ role: string; content: Array<Record<string, unknown>> }>;
    };
    expect(sent.messages[1]?.content[0]).toMatchObject({
      type: 'thinking',
      signature: 'c2lnLXR1cm4tMA==',
    });
    expect(sent.messages[2]?.content.map((block) => block['tool_use_id'])).toEqual([
      'call_paris',
      'call_tokyo',
    ]);
  });

  it('keeps interleaved thinking in order: thinking, text, thinking, text, each thinking signed', async () => {
    const { client } = await startWith('interleaved-thinking');
    const message = await client.messages
      .stream({ model, max_tokens: 100, messages: [{ role: 'user', content: 'think' }] })
      .finalMessage();
    expect(
      message.content.map((block) => [
        block.type,
        block.type === 'thinking' ? block.signature : null,
      ]),
    ).toEqual([
      ['thinking', 'c2lnLWZpcnN0'],
      ['text', null],
      ['thinking', 'c2lnLXNlY29uZA=='],
      ['text', null],
    ]);
    expect(
      message.content.map((block) =>
        block.type === 'thinking' ? block.thinking : block.type === 'text' ? block.text : '',
      ),
    ).toEqual([
      'First, consider the question.',
      'Here is a first thought. ',
      'Now refine the answer.',
      'And here is the refined answer.',
    ]);
  });

  it('returns a non-streaming Message with the same blocks', async () => {
    const { client } = await startWith('interleaved-thinking');
    const message = await client.messages.create({
      model,
      max_tokens: 100,
      messages: [{ role: 'user', content: 'think' }],
    });
    expect(message.type).toBe('message');
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'First, consider the question.', signature: 'c2lnLWZpcnN0' },
      { type: 'text', text: 'Here is a first thought. ' },
      { type: 'thinking', thinking: 'Now refine the answer.', signature: 'c2lnLXNlY29uZA==' },
      { type: 'text', text: 'And here is the refined answer.' },
    ]);
    expect(message.usage).toEqual({ input_tokens: 40, output_tokens: 25 });
    expect(message.stop_reason).toBe('end_turn');
  });

  it('rejects a request no turn matches with an invalid_request_error naming the request', async () => {
    const { client } = await startWith('reasoning-tool-call');
    const failure = client.messages.create({
      model,
      max_tokens: 100,
      messages: [{ role: 'user', content: 'joke please' }],
    });
    await expect(failure).rejects.toBeInstanceOf(Anthropic.BadRequestError);
    await expect(failure).rejects.toThrow(
      /no scripted turn matched this anthropic request .*joke please/,
    );
  });
});
