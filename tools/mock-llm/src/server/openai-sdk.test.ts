// The official `openai` client against the mock: every scripted part arrives as scripted.
import OpenAI from 'openai';
import type {
  ChatCompletionChunk,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { afterEach, describe, expect, it } from 'vitest';
import { exampleScenarioPath } from '../test-support/example-scenarios.js';
import { start, type MockLlm } from './start-mock-llm.js';

let server: MockLlm | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function startWith(name: string): Promise<{ server: MockLlm; client: OpenAI }> {
  server = await start({ scenarioFile: exampleScenarioPath(name) });
  return {
    server,
    client: new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'test-key', maxRetries: 0 }),
  };
}

async function collect(stream: AsyncIterable<ChatCompletionChunk>): Promise<ChatCompletionChunk[]> {
  const chunks: ChatCompletionChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

const weatherQuestion: ChatCompletionMessageParam[] = [
  { role: 'user', content: 'What is the weather in Paris and Tokyo?' },
];

describe('openai client → mock-llm', () => {
  it('streams scripted text: role first, content in many deltas, stop, and no usage unless asked', async () => {
    const { client } = await startWith('simple-text');
    const chunks = await collect(
      await client.chat.completions.create({
        model: 'gpt-test',
        stream: true,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    );
    expect(chunks[0]?.choices[0]?.delta.role).toBe('assistant');
    const text = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
    expect(text).toBe("Hello from mock-llm! Café au lait, s'il vous plaît 😀.");
    expect(chunks.filter((chunk) => chunk.choices[0]?.delta.content).length).toBeGreaterThan(5);
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('stop');
    expect(chunks.every((chunk) => chunk.usage === undefined)).toBe(true);
    expect(chunks[0]?.model).toBe('gpt-test');
  });

  it('ends with a usage chunk when stream_options.include_usage is set', async () => {
    const { client } = await startWith('simple-text');
    const chunks = await collect(
      await client.chat.completions.create({
        model: 'gpt-test',
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: 'user', content: 'hi' }],
      }),
    );
    const last = chunks.at(-1);
    expect(last?.choices).toEqual([]);
    expect(last?.usage).toEqual({ prompt_tokens: 12, completion_tokens: 9, total_tokens: 21 });
    expect(chunks.slice(0, -1).every((chunk) => chunk.usage === null)).toBe(true);
  });

  it('streams reasoning_content, text and two tool calls whose arguments the SDK reassembles', async () => {
    const { client, server } = await startWith('reasoning-tool-call');
    const stream = client.chat.completions.stream({ model: 'gpt-test', messages: weatherQuestion });
    const chunks = await collect(stream);
    const completion = await stream.finalChatCompletion();

    const reasoning = chunks
      .map(
        (chunk) =>
          (chunk.choices[0]?.delta as { reasoning_content?: string } | undefined)
            ?.reasoning_content ?? '',
      )
      .join('');
    expect(reasoning).toBe('The user wants the weather in two cities. I will look both up.');
    const argumentFragments = chunks
      .flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? [])
      .filter((call) => !call.id);
    expect(argumentFragments.length).toBeGreaterThan(10);

    const message = completion.choices[0]?.message;
    expect(message?.content).toBe('Let me check both cities.');
    expect(completion.choices[0]?.finish_reason).toBe('tool_calls');
    const calls = (message?.tool_calls ?? []).map((call) =>
      call.type === 'function' ? call : undefined,
    );
    expect(
      calls.map((call): unknown[] => [
        call?.id,
        call?.function.name,
        JSON.parse(call?.function.arguments ?? 'null'),
      ]),
    ).toEqual([
      ['call_paris', 'get_weather', { city: 'Paris', unit: 'celsius' }],
      [
        'call_tokyo',
        'get_weather',
        { city: 'Tokyo', unit: 'celsius', details: { hourly: true, days: [1, 2, 3] } },
      ],
    ]);
    expect(server.served).toBe(1);
  });

  it('answers the follow-up turn once the tool results come back, and records what the client sent', async () => {
    const { client, server } = await startWith('reasoning-tool-call');
    const first = await client.chat.completions.create({
      model: 'gpt-test',
      messages: weatherQuestion,
    });
    const assistant = first.choices[0]!.message;
    const followUp = await client.chat.completions.create({
      model: 'gpt-test',
      messages: [
        ...weatherQuestion,
        assistant,
        { role: 'tool', tool_call_id: 'call_paris', content: '18 °C, sunny' },
        { role: 'tool', tool_call_id: 'call_tokyo', content: '24 °C, light rain' },
      ],
    });
    expect(followUp.choices[0]?.message.content).toBe(
      'Paris is 18 °C and sunny; Tokyo is 24 °C with light rain.',
    );
    expect(server.served).toBe(2);

    const [firstRequest, secondRequest] = server.requests;
    expect(firstRequest).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(firstRequest?.headers.authorization).toBe('Bearer test-key');
    expect(typeof firstRequest?.time).toBe('number');
    const sent = secondRequest?.body as {
      messages: Array<{ role: string; content: unknown; tool_calls?: unknown[] }>;
    };
    expect(sent.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'tool']);
    expect(sent.messages[1]?.tool_calls).toHaveLength(2);
    expect(sent.messages[3]?.content).toBe('24 °C, light rain');
  });

  it('returns a non-streaming chat.completion with content, reasoning_content, tool calls and usage', async () => {
    const { client } = await startWith('reasoning-tool-call');
    const completion = await client.chat.completions.create({
      model: 'gpt-test',
      messages: weatherQuestion,
    });
    expect(completion.object).toBe('chat.completion');
    const message = completion.choices[0]?.message as OpenAI.ChatCompletionMessage & {
      reasoning_content?: string;
    };
    expect(message.reasoning_content).toBe(
      'The user wants the weather in two cities. I will look both up.',
    );
    expect(message.content).toBe('Let me check both cities.');
    expect(message.tool_calls?.map((call) => call.id)).toEqual(['call_paris', 'call_tokyo']);
    expect(completion.usage).toEqual({
      prompt_tokens: 120,
      completion_tokens: 45,
      total_tokens: 165,
    });
    expect(completion.choices[0]?.finish_reason).toBe('tool_calls');
  });

  it('rejects a request no turn matches with a 400 that says what the request held', async () => {
    const { client } = await startWith('reasoning-tool-call');
    const failure = client.chat.completions.create({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'tell me a joke' }],
    });
    await expect(failure).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    await expect(failure).rejects.toThrow(
      /no scripted turn matched this openai request .*last user text "tell me a joke"/,
    );
  });
});
