// The bytes on the wire, read without any SDK: event names, field names and framing as the real APIs send them.
import { afterEach, describe, expect, it } from 'vitest';
import { exampleScenarioPath } from '../test-support/example-scenarios.js';
import { faultedText } from '../test-support/inline-scenarios.js';
import { parseSse, postRaw } from '../test-support/raw-sse.js';
import { start, type MockLlm, type StartOptions } from './start-mock-llm.js';

let server: MockLlm | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(options: StartOptions): Promise<MockLlm> {
  server = await start(options);
  return server;
}

const weather = [{ role: 'user', content: 'weather?' }];
interface ToolFragment {
  index: number;
  id?: string;
  function: Record<string, unknown>;
}
interface OpenAiChunk {
  id: string;
  object: string;
  usage?: unknown;
  choices: Array<{ delta: { tool_calls?: ToolFragment[] } }>;
}
interface AnthropicEvent {
  type: string;
  index?: number;
  message?: unknown;
  content_block?: { type: string };
  delta?: { type: string; text?: string; partial_json?: string };
}

describe('OpenAI Chat Completions stream framing', () => {
  it('sends data-only events of chat.completion.chunk, ends with [DONE], and is event-stream', async () => {
    const server = await serve({ scenarioFile: exampleScenarioPath('reasoning-tool-call') });
    const response = await postRaw(`${server.url}/v1/chat/completions`, {
      model: 'gpt-x',
      stream: true,
      messages: weather,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.text.endsWith('data: [DONE]\n\n')).toBe(true);
    const events = parseSse(response.text);
    expect(events.every((event) => event.event === undefined)).toBe(true);
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.data) as OpenAiChunk);
    expect(
      chunks.every(
        (chunk) => chunk.object === 'chat.completion.chunk' && chunk.id === chunks[0]?.id,
      ),
    ).toBe(true);
    expect(chunks.every((chunk) => !('usage' in chunk))).toBe(true);
    expect(chunks[0]?.choices[0]?.delta).toEqual({ role: 'assistant', content: '', refusal: null });

    const toolFragments = chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? []);
    expect(toolFragments.filter((fragment) => 'id' in fragment)).toEqual([
      {
        index: 0,
        id: 'call_paris',
        type: 'function',
        function: { name: 'get_weather', arguments: '' },
      },
      {
        index: 1,
        id: 'call_tokyo',
        type: 'function',
        function: { name: 'get_weather', arguments: '' },
      },
    ]);
    const later = toolFragments.filter((fragment) => !('id' in fragment));
    expect(
      later.every(
        (fragment) =>
          Object.keys(fragment).join() === 'index,function' &&
          Object.keys(fragment.function).join() === 'arguments',
      ),
    ).toBe(true);
    expect(chunks.at(-1)?.choices[0]).toEqual({
      index: 0,
      delta: {},
      logprobs: null,
      finish_reason: 'tool_calls',
    });
  });

  it('adds "usage": null to every chunk and a final usage chunk when include_usage is set', async () => {
    const server = await serve({ scenarioFile: exampleScenarioPath('simple-text') });
    const response = await postRaw(`${server.url}/v1/chat/completions`, {
      model: 'gpt-x',
      stream: true,
      stream_options: { include_usage: true },
      messages: weather,
    });
    const chunks = parseSse(response.text)
      .slice(0, -1)
      .map((event) => JSON.parse(event.data) as OpenAiChunk);
    expect(chunks.slice(0, -1).every((chunk) => chunk.usage === null)).toBe(true);
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 12, completion_tokens: 9, total_tokens: 21 },
    });
  });
});

describe('Anthropic Messages stream framing', () => {
  it('names every event after its data type, pings once, and signs each thinking block before it stops', async () => {
    const server = await serve({ scenarioFile: exampleScenarioPath('interleaved-thinking') });
    const response = await postRaw(`${server.url}/v1/messages`, {
      model: 'claude-x',
      stream: true,
      messages: weather,
    });
    const events = parseSse(response.text);
    const data = events.map((event) => JSON.parse(event.data) as AnthropicEvent);
    expect(events.every((event, i) => event.event === data[i]?.type)).toBe(true);
    expect(data.filter((event) => event.type === 'ping')).toHaveLength(1);

    // Collapse runs of identical deltas to read the shape of the stream.
    const shape = data
      .map((event) =>
        event.type === 'content_block_delta'
          ? `delta:${event.delta?.type}`
          : event.content_block
            ? `start:${event.content_block.type}`
            : event.type,
      )
      .filter((name, i, all) => name !== all[i - 1]);
    expect(shape).toEqual([
      'message_start',
      'start:thinking',
      'ping',
      'delta:thinking_delta',
      'delta:signature_delta',
      'content_block_stop',
      'start:text',
      'delta:text_delta',
      'content_block_stop',
      'start:thinking',
      'delta:thinking_delta',
      'delta:signature_delta',
      'content_block_stop',
      'start:text',
      'delta:text_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(
      data.filter((event) => event.type === 'content_block_start').map((event) => event.index),
    ).toEqual([0, 1, 2, 3]);
    expect(data[0]?.message).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'claude-x',
      content: [],
      usage: { input_tokens: 40 },
    });
    expect(data.at(-2)).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: 25 },
    });
  });

  it('streams tool input as input_json_delta fragments that join to the scripted input', async () => {
    const server = await serve({ scenarioFile: exampleScenarioPath('reasoning-tool-call') });
    const response = await postRaw(`${server.url}/v1/messages`, {
      model: 'c',
      stream: true,
      messages: weather,
    });
    const data = parseSse(response.text).map((event) => JSON.parse(event.data) as AnthropicEvent);
    const start = data.find((event) => event.content_block?.type === 'tool_use');
    expect(start?.content_block).toEqual({
      type: 'tool_use',
      id: 'call_paris',
      name: 'get_weather',
      input: {},
    });
    const fragments = data.filter(
      (event) => event.index === start?.index && event.delta?.type === 'input_json_delta',
    );
    expect(fragments.length).toBeGreaterThan(3);
    expect(JSON.parse(fragments.map((event) => event.delta?.partial_json ?? '').join(''))).toEqual({
      city: 'Paris',
      unit: 'celsius',
    });
  });

  it('frames a stream error as `event: error` with an overloaded_error body', async () => {
    const server = await serve({
      scenario: faultedText('abc', [{ kind: 'stream-error', afterChunks: 1 }]),
    });
    const response = await postRaw(`${server.url}/v1/messages`, {
      model: 'c',
      stream: true,
      messages: weather,
    });
    const events = parseSse(response.text);
    expect(events.map((event) => event.event)).toEqual(['message_start', 'error']);
    expect(JSON.parse(events[1]?.data ?? '')).toEqual({
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded (scripted by mock-llm).' },
    });
  });

  it('writes a scripted malformed line verbatim', async () => {
    const server = await serve({
      scenario: faultedText('abc', [{ kind: 'malformed', afterChunks: 1, line: 'data: {oops' }]),
    });
    const response = await postRaw(`${server.url}/v1/chat/completions`, {
      model: 'c',
      stream: true,
      messages: weather,
    });
    expect(response.text).toContain('\n\ndata: {oops\n\ndata: ');
  });
});

describe('HTTP faults and errors on the wire', () => {
  it('answers a 429 with retry-after headers and each API its own error body', async () => {
    const fault = { kind: 'http' as const, status: 429, retryAfterSeconds: 2, retryAfterMs: 1500 };
    const server = await serve({
      scenario: {
        name: 'two',
        turns: [{ faults: [fault, fault], reply: [{ type: 'text', text: 'x' }] }],
      },
    });
    const anthropic = await postRaw(`${server.url}/v1/messages`, { model: 'c', messages: weather });
    expect([
      anthropic.status,
      anthropic.headers.get('retry-after'),
      anthropic.headers.get('retry-after-ms'),
    ]).toEqual([429, '2', '1500']);
    expect(JSON.parse(anthropic.text)).toMatchObject({
      type: 'error',
      error: { type: 'rate_limit_error' },
    });
    const openai = await postRaw(`${server.url}/v1/chat/completions`, {
      model: 'c',
      messages: weather,
    });
    expect(JSON.parse(openai.text)).toMatchObject({
      error: { type: 'requests', code: 'rate_limit_exceeded', param: null },
    });
  });

  it('answers an unknown path with 404 naming the two endpoints, and a non-JSON body with 400', async () => {
    const server = await serve({ scenarioFile: exampleScenarioPath('simple-text') });
    const notFound = await postRaw(`${server.url}/v1/completions`, {});
    expect(notFound.status).toBe(404);
    expect(notFound.text).toContain('POST /v1/chat/completions');
    const response = await fetch(`${server.url}/v1/messages`, { method: 'POST', body: 'not json' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('must be a JSON object');
    expect(server.requests.map((request) => [request.path, request.body])).toEqual([
      ['/v1/completions', {}],
      ['/v1/messages', 'not json'],
    ]);
  });
});

describe('pacing and volume', () => {
  it('with delayMs, every event reaches the client in a read of its own; without, events are batched', async () => {
    const paced = await serve({
      scenario: {
        name: 'paced',
        chunkSize: 1,
        delayMs: 15,
        turns: [{ reply: [{ type: 'text', text: 'abcdef' }] }],
      },
    });
    const slow = await postRaw(`${paced.url}/v1/chat/completions`, {
      model: 'm',
      stream: true,
      messages: [],
    });
    expect(slow.reads.length).toBe(parseSse(slow.text).length);
    await paced.close();

    const fast = await serve({
      scenario: {
        name: 'fast',
        chunkSize: 1,
        turns: [{ reply: [{ type: 'text', text: 'x'.repeat(2000) }] }],
      },
    });
    const quick = await postRaw(`${fast.url}/v1/chat/completions`, {
      model: 'm',
      stream: true,
      messages: [],
    });
    expect(parseSse(quick.text).length).toBe(2003);
    expect(quick.reads.length).toBeLessThan(50);
  });

  it('streams a million characters in 50,000 chunks, every numbered word exactly once', async () => {
    // "w1 w2 … w138888" is 999,998 characters: 50,000 chunks of 20.
    const server = await serve({
      scenario: {
        name: 'big',
        chunkSize: 20,
        turns: [{ reply: [{ type: 'text', numberedWords: { count: 138_888 } }] }],
      },
    });
    const response = await postRaw(`${server.url}/v1/messages`, {
      model: 'c',
      stream: true,
      messages: [],
    });
    const deltas = parseSse(response.text)
      .map((event) => JSON.parse(event.data) as AnthropicEvent)
      .filter((event) => event.type === 'content_block_delta')
      .map((event) => event.delta?.text ?? '');
    expect(deltas.length).toBe(50_000);
    const text = deltas.join('');
    expect(text.length).toBe(999_998);
    const words = text.split(' ');
    expect(words.length).toBe(138_888);
    expect(new Set(words).size).toBe(138_888);
    expect(words.at(-1)).toBe('w138888');
  });
});
