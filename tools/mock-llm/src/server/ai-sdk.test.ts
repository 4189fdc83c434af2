// The AI SDK providers against the mock: @ai-sdk/openai-compatible and @ai-sdk/anthropic,
// streaming (streamText) and not (generateText).
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, jsonSchema, streamText, tool, type ModelMessage } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { exampleScenarioPath } from '../test-support/example-scenarios.js';
import { start, type MockLlm } from './start-mock-llm.js';

let server: MockLlm | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function startWith(name: string): Promise<MockLlm> {
  server = await start({ scenarioFile: exampleScenarioPath(name) });
  return server;
}

// Both providers append their endpoint to a baseURL that already ends in /v1.
function openAiCompatible(url: string, includeUsage = true) {
  return createOpenAICompatible({
    name: 'mock',
    baseURL: `${url}/v1`,
    apiKey: 'test-key',
    includeUsage,
  })('gpt-test');
}

function anthropic(url: string) {
  return createAnthropic({ baseURL: `${url}/v1`, apiKey: 'test-key' })('claude-sonnet-5-5');
}

// No execute: the SDK reports the calls and stops after one step.
const tools = {
  get_weather: tool({
    inputSchema: jsonSchema<{ city: string; unit: string }>({
      type: 'object',
      properties: { city: { type: 'string' }, unit: { type: 'string' } },
      required: ['city'],
    }),
  }),
};

const weatherQuestion: ModelMessage[] = [
  { role: 'user', content: 'What is the weather in Paris and Tokyo?' },
];
const tokyoInput = { city: 'Tokyo', unit: 'celsius', details: { hourly: true, days: [1, 2, 3] } };

describe('AI SDK @ai-sdk/openai-compatible → mock-llm', () => {
  it('streams text and usage (usage only because includeUsage asks for it)', async () => {
    const { url } = await startWith('simple-text');
    const result = streamText({ model: openAiCompatible(url), prompt: 'hi', maxRetries: 0 });
    expect(await result.text).toBe("Hello from mock-llm! Café au lait, s'il vous plaît 😀.");
    expect(await result.finishReason).toBe('stop');
    expect(await result.usage).toMatchObject({ inputTokens: 12, outputTokens: 9, totalTokens: 21 });
  });

  it('has no usage numbers without includeUsage, as with the real API', async () => {
    const { url } = await startWith('simple-text');
    const result = streamText({ model: openAiCompatible(url, false), prompt: 'hi', maxRetries: 0 });
    expect(await result.text).toBe("Hello from mock-llm! Café au lait, s'il vous plaît 😀.");
    expect((await result.usage).inputTokens).toBeUndefined();
  });

  it('surfaces reasoning_content as reasoning, then text, then two tool calls with parsed input', async () => {
    const { url } = await startWith('reasoning-tool-call');
    const result = streamText({
      model: openAiCompatible(url),
      messages: weatherQuestion,
      tools,
      maxRetries: 0,
    });
    const partTypes: string[] = [];
    for await (const part of result.fullStream) partTypes.push(part.type);
    expect(await result.reasoningText).toBe(
      'The user wants the weather in two cities. I will look both up.',
    );
    expect(await result.text).toBe('Let me check both cities.');
    const calls = await result.toolCalls;
    expect(calls.map((call) => [call.toolCallId, call.toolName, call.input])).toEqual([
      ['call_paris', 'get_weather', { city: 'Paris', unit: 'celsius' }],
      ['call_tokyo', 'get_weather', tokyoInput],
    ]);
    expect(await result.finishReason).toBe('tool-calls');
    expect(partTypes.indexOf('reasoning-end')).toBeLessThan(partTypes.indexOf('text-start'));
    expect(partTypes.filter((type) => type === 'tool-input-delta').length).toBeGreaterThan(10);
  });

  it('reads a non-streaming completion with reasoning_content and tool calls (generateText)', async () => {
    const { url } = await startWith('reasoning-tool-call');
    const result = await generateText({
      model: openAiCompatible(url),
      messages: weatherQuestion,
      tools,
      maxRetries: 0,
    });
    expect(result.reasoningText).toBe(
      'The user wants the weather in two cities. I will look both up.',
    );
    expect(result.text).toBe('Let me check both cities.');
    expect(result.toolCalls.map((call) => call.input)).toEqual([
      { city: 'Paris', unit: 'celsius' },
      tokyoInput,
    ]);
    expect(result.usage).toMatchObject({ inputTokens: 120, outputTokens: 45 });
  });
});

describe('AI SDK @ai-sdk/anthropic → mock-llm', () => {
  it('streams thinking with the signature in providerMetadata, text, and tool calls', async () => {
    const { url } = await startWith('reasoning-tool-call');
    const result = streamText({
      model: anthropic(url),
      messages: weatherQuestion,
      tools,
      maxRetries: 0,
    });
    const reasoning = await result.reasoning;
    expect(
      reasoning.map((part) => [part.text, part.providerMetadata?.['anthropic']?.['signature']]),
    ).toEqual([
      ['The user wants the weather in two cities. I will look both up.', 'c2lnLXR1cm4tMA=='],
    ]);
    expect(await result.text).toBe('Let me check both cities.');
    expect((await result.toolCalls).map((call) => [call.toolCallId, call.input])).toEqual([
      ['call_paris', { city: 'Paris', unit: 'celsius' }],
      ['call_tokyo', tokyoInput],
    ]);
    expect(await result.finishReason).toBe('tool-calls');
    expect(await result.usage).toMatchObject({ inputTokens: 120, outputTokens: 45 });
  });

  it('keeps interleaved thinking in order in the step content', async () => {
    const { url } = await startWith('interleaved-thinking');
    const result = streamText({ model: anthropic(url), prompt: 'think', maxRetries: 0 });
    const content = await result.content;
    expect(
      content.map((part) =>
        part.type === 'reasoning'
          ? ['reasoning', part.text, part.providerMetadata?.['anthropic']?.['signature']]
          : part.type === 'text'
            ? ['text', part.text]
            : [part.type],
      ),
    ).toEqual([
      ['reasoning', 'First, consider the question.', 'c2lnLWZpcnN0'],
      ['text', 'Here is a first thought. '],
      ['reasoning', 'Now refine the answer.', 'c2lnLXNlY29uZA=='],
      ['text', 'And here is the refined answer.'],
    ]);
  });

  it('reads a non-streaming Message (generateText) with signed reasoning', async () => {
    const { url } = await startWith('interleaved-thinking');
    const result = await generateText({ model: anthropic(url), prompt: 'think', maxRetries: 0 });
    expect(
      result.reasoning.map((part) => part.providerMetadata?.['anthropic']?.['signature']),
    ).toEqual(['c2lnLWZpcnN0', 'c2lnLXNlY29uZA==']);
    expect(result.text).toBe('Here is a first thought. And here is the refined answer.');
    expect(result.usage).toMatchObject({ inputTokens: 40, outputTokens: 25 });
    expect(result.finishReason).toBe('stop');
  });

  it('sends the signature back on the next turn when the response messages are replayed', async () => {
    const server = await startWith('reasoning-tool-call');
    const first = await generateText({
      model: anthropic(server.url),
      messages: weatherQuestion,
      tools,
      maxRetries: 0,
    });
    const followUp = await generateText({
      model: anthropic(server.url),
      maxRetries: 0,
      tools,
      messages: [
        ...weatherQuestion,
        ...first.response.messages,
        {
          role: 'tool',
          content: first.toolCalls.map((call) => ({
            type: 'tool-result' as const,
            toolCallId: call.toolCallId,
            toolName: call.toolName,
            output: {
              type: 'text' as const,
              value: call.toolCallId === 'call_paris' ? '18 °C' : '24 °C',
            },
          })),
        },
      ],
    });
    expect(followUp.text).toBe('Paris is 18 °C and sunny; Tokyo is 24 °C with light rain.');
    const sent = server.requests[1]?.body as {
      messages: Array<{ role: string; content: Array<Record<string, unknown>> }>;
    };
    expect(sent.messages[1]?.content[0]).toMatchObject({
      type: 'thinking',
      signature: 'c2lnLXR1cm4tMA==',
    });
  });
});
