// Faults inside a response (reset, stall, malformed line, in-stream error) as each client meets them.
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import Anthropic from '@anthropic-ai/sdk';
import { APICallError, JSONParseError, streamText } from 'ai';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { faultedText } from '../test-support/inline-scenarios.js';
import type { Fault } from '../scenario/scenario-types.js';
import { start, type MockLlm } from './start-mock-llm.js';

let server: MockLlm | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const hi = [{ role: 'user' as const, content: 'hi' }];
const alphabet = 'abcdefghijklmnopqrstuvwxyz';

async function serveFaulted(faults: Fault[], text = alphabet): Promise<MockLlm> {
  server = await start({ scenario: faultedText(text, faults) });
  return server;
}

function openAi(server: MockLlm, options: ConstructorParameters<typeof OpenAI>[0] = {}): OpenAI {
  return new OpenAI({
    baseURL: `${server.url}/v1`,
    apiKey: 'k',
    maxRetries: 0,
    logLevel: 'off',
    ...options,
  });
}

function anthropicSdk(
  server: MockLlm,
  options: ConstructorParameters<typeof Anthropic>[0] = {},
): Anthropic {
  return new Anthropic({
    baseURL: server.url,
    apiKey: 'k',
    maxRetries: 0,
    logLevel: 'off',
    ...options,
  });
}

/** Streams OpenAI content until the stream ends or fails; returns what arrived and the failure. */
async function openAiStreamOutcome(client: OpenAI): Promise<{ text: string; error: unknown }> {
  let text = '';
  try {
    const stream = await client.chat.completions.create({ model: 'm', stream: true, messages: hi });
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    return { text, error: undefined };
  } catch (error) {
    return { text, error };
  }
}

async function anthropicStreamOutcome(
  client: Anthropic,
): Promise<{ text: string; error: unknown }> {
  let text = '';
  try {
    const stream = await client.messages.create({
      model: 'c',
      max_tokens: 10,
      stream: true,
      messages: hi,
    });
    for await (const event of stream) {
      if (event.type === 'content_block_delta' && event.delta.type === 'text_delta')
        text += event.delta.text;
    }
    return { text, error: undefined };
  } catch (error) {
    return { text, error };
  }
}

type LoosePart = { type: string; [key: string]: unknown };

/** The AI SDK reports some failures as `error` parts and throws others out of the iteration. */
async function aiSdkParts(result: {
  fullStream: AsyncIterable<{ type: string }>;
}): Promise<{ parts: LoosePart[]; thrown: unknown }> {
  const parts: LoosePart[] = [];
  try {
    for await (const part of result.fullStream) parts.push(part);
    return { parts, thrown: undefined };
  } catch (error) {
    return { parts, thrown: error };
  }
}

function textOf(parts: LoosePart[]): string {
  return parts
    .flatMap((part) => (part.type === 'text-delta' ? [String(part['text'])] : []))
    .join('');
}

describe('reset', () => {
  it('openai: the chunks before the reset arrive, then the stream fails; the next attempt gets the whole reply', async () => {
    const server = await serveFaulted([{ kind: 'reset', afterChunks: 3 }]);
    const cut = await openAiStreamOutcome(openAi(server));
    // Event 0 is the role chunk; events 1 and 2 carry two characters each.
    expect(cut.text).toBe('abcd');
    expect(cut.error).toBeInstanceOf(Error);
    expect(server.served).toBe(0);
    const retry = await openAiStreamOutcome(openAi(server));
    expect(retry).toEqual({ text: alphabet, error: undefined });
    expect(server.served).toBe(1);
  });

  it('anthropic: a reset before any response is a connection error the SDK retries', async () => {
    const server = await serveFaulted([{ kind: 'reset' }]);
    const message = await anthropicSdk(server, { maxRetries: 1 }).messages.create({
      model: 'c',
      max_tokens: 10,
      messages: hi,
    });
    expect(message.content).toEqual([{ type: 'text', text: alphabet }]);
    expect(server.requests).toHaveLength(2);
  });

  it('anthropic: a reset mid-stream fails the iteration', async () => {
    const server = await serveFaulted([{ kind: 'reset', afterChunks: 5 }]);
    const outcome = await anthropicStreamOutcome(anthropicSdk(server));
    expect(outcome.error).toBeInstanceOf(Error);
    // message_start, content_block_start, ping, then "ab" and "cd".
    expect(outcome.text).toBe('abcd');
  });

  it('AI SDK: a reset mid-stream becomes an error part after the text that arrived', async () => {
    const server = await serveFaulted([{ kind: 'reset', afterChunks: 3 }]);
    const model = createOpenAICompatible({
      name: 'mock',
      baseURL: `${server.url}/v1`,
      apiKey: 'k',
    })('m');
    const { parts, thrown } = await aiSdkParts(
      streamText({ model, prompt: 'hi', maxRetries: 0, onError: () => {} }),
    );
    expect(textOf(parts)).toBe('abcd');
    // Not an error part: the network failure is thrown out of fullStream.
    expect(APICallError.isInstance(thrown)).toBe(true);
    expect((thrown as APICallError).message).toBe('Failed to process successful response');
  });
});

describe('stall', () => {
  it('openai: a stall before the headers hits the client timeout', async () => {
    const server = await serveFaulted([{ kind: 'stall', stallMs: 30_000 }]);
    const error = await openAi(server, { timeout: 150 })
      .chat.completions.create({ model: 'm', messages: hi })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.APIConnectionTimeoutError);
  });

  it('AI SDK: a stall mid-stream trips the per-chunk timeout', async () => {
    const server = await serveFaulted([{ kind: 'stall', stallMs: 60_000, afterChunks: 2 }]);
    const model = createAnthropic({ baseURL: `${server.url}/v1`, apiKey: 'k' })(
      'claude-sonnet-5-5',
    );
    const { parts, thrown } = await aiSdkParts(
      streamText({
        model,
        prompt: 'hi',
        maxRetries: 0,
        timeout: { chunkMs: 150 },
        onError: () => {},
      }),
    );
    expect(thrown).toBeUndefined();
    // message_start and content_block_start arrived (text-start), then silence: the SDK aborts.
    expect(parts.map((part) => part.type)).toEqual(['start', 'start-step', 'text-start', 'abort']);
  });

  it('close() ends a stream that is stalled while the client is still waiting, and its stall timer', async () => {
    const timers = (): number =>
      process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
    const timersBefore = timers();
    const server = await serveFaulted([{ kind: 'stall', stallMs: 60_000, afterChunks: 2 }]);
    const pending = openAiStreamOutcome(openAi(server));
    for (let tries = 0; server.requests.length === 0 && tries < 200; tries++)
      await new Promise((resolve) => setTimeout(resolve, 5));
    await server.close();
    const outcome = await pending;
    expect(outcome.text).toBe('ab');
    expect(outcome.error).toBeInstanceOf(Error);
    expect(timers()).toBeLessThanOrEqual(timersBefore);
  });

  it('a stall with then "end" finishes the response cleanly but cut short', async () => {
    const server = await serveFaulted([
      { kind: 'stall', stallMs: 20, afterChunks: 2, then: 'end' },
    ]);
    const outcome = await anthropicStreamOutcome(anthropicSdk(server));
    // message_start, content_block_start, then the stall: no text, no message_stop, no error.
    expect(outcome).toEqual({ text: '', error: undefined });
  });
});

describe('malformed line', () => {
  it('openai: the SDK fails on the line it cannot parse', async () => {
    const server = await serveFaulted([{ kind: 'malformed', afterChunks: 2 }]);
    const outcome = await openAiStreamOutcome(openAi(server));
    expect(outcome.text).toBe('ab');
    expect(outcome.error).toBeInstanceOf(SyntaxError);
  });

  it('anthropic: the SDK fails on the line it cannot parse', async () => {
    const server = await serveFaulted([{ kind: 'malformed', afterChunks: 4 }]);
    const outcome = await anthropicStreamOutcome(anthropicSdk(server));
    expect(outcome.text).toBe('ab');
    expect(outcome.error).toBeInstanceOf(SyntaxError);
  });

  it('AI SDK: the bad line surfaces as an error part while the rest of the text still streams', async () => {
    const server = await serveFaulted([{ kind: 'malformed', afterChunks: 2 }]);
    const model = createOpenAICompatible({
      name: 'mock',
      baseURL: `${server.url}/v1`,
      apiKey: 'k',
    })('m');
    const { parts, thrown } = await aiSdkParts(
      streamText({ model, prompt: 'hi', maxRetries: 0, onError: () => {} }),
    );
    expect(thrown).toBeUndefined();
    const error = parts.find((part) => part.type === 'error')?.['error'];
    expect(JSONParseError.isInstance(error)).toBe(true);
    expect(textOf(parts)).toBe(alphabet);
  });
});

describe('stream-error', () => {
  it('anthropic: an overloaded_error event mid-stream throws an APIError of that type', async () => {
    const server = await serveFaulted([
      { kind: 'stream-error', afterChunks: 4, message: 'Overloaded' },
    ]);
    const outcome = await anthropicStreamOutcome(anthropicSdk(server));
    expect(outcome.text).toBe('ab');
    expect(outcome.error).toBeInstanceOf(Anthropic.APIError);
    expect((outcome.error as InstanceType<typeof Anthropic.APIError>).type).toBe(
      'overloaded_error',
    );
  });

  it('openai: a data line holding an error throws an APIError with its message', async () => {
    const server = await serveFaulted([
      { kind: 'stream-error', afterChunks: 2, message: 'The server had an error' },
    ]);
    const outcome = await openAiStreamOutcome(openAi(server));
    expect(outcome.text).toBe('ab');
    expect(outcome.error).toBeInstanceOf(OpenAI.APIError);
    expect((outcome.error as Error).message).toContain('The server had an error');
  });

  it('a recorded line replaces the error event, verbatim, and the stream ends after it', async () => {
    const line =
      'data: {"object":"error","message":"recorded","type":"InternalServerError","code":500}';
    const server = await serveFaulted([{ kind: 'stream-error', afterChunks: 2, line }]);
    const response = await fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'm', stream: true, messages: hi }),
    });
    const events = (await response.text()).split('\n\n').filter(Boolean);
    expect(events).toHaveLength(3);
    expect(events.at(-1)).toBe(line);
  });

  it('AI SDK anthropic: an error event before message_start becomes a retryable 529 APICallError', async () => {
    const server = await serveFaulted([{ kind: 'stream-error' }]);
    const model = createAnthropic({ baseURL: `${server.url}/v1`, apiKey: 'k' })(
      'claude-sonnet-5-5',
    );
    const { parts, thrown } = await aiSdkParts(
      streamText({ model, prompt: 'hi', maxRetries: 0, onError: () => {} }),
    );
    expect(thrown).toBeUndefined();
    const error = parts.find((part) => part.type === 'error')?.['error'];
    expect(APICallError.isInstance(error)).toBe(true);
    expect([(error as APICallError).statusCode, (error as APICallError).isRetryable]).toEqual([
      529,
      true,
    ]);
  });
});

describe('hold', () => {
  it('openai: the stream pauses after N events until release(), then delivers the whole reply', async () => {
    const server = await serveFaulted([{ kind: 'hold', afterChunks: 3 }]);
    const stream = await openAi(server).chat.completions.create({
      model: 'm',
      stream: true,
      messages: hi,
    });
    let text = '';
    let textAtRelease = '';
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      // The role chunk and two text chunks came; nothing more arrives until the release.
      if (textAtRelease === '' && text === 'abcd') {
        await new Promise((resolve) => setTimeout(resolve, 50));
        textAtRelease = text;
        server.release();
      }
    }
    expect(textAtRelease).toBe('abcd');
    expect(text).toBe(alphabet);
  });

  it('a hold reached after release() passes at once', async () => {
    const server = await serveFaulted([{ kind: 'hold', afterChunks: 1 }]);
    server.release();
    const { text, error } = await anthropicStreamOutcome(anthropicSdk(server));
    expect([text, error]).toEqual([alphabet, undefined]);
  });

  it('a non-streaming reply waits for the release', async () => {
    const server = await serveFaulted([{ kind: 'hold', afterChunks: 0 }]);
    let answered = false;
    const reply = fetch(`${server.url}/v1/messages`, {
      method: 'POST',
      body: JSON.stringify({ model: 'c', max_tokens: 5, messages: hi }),
    }).then((response) => {
      answered = true;
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    server.release();
    expect((await reply).status).toBe(200);
  });

  it('records a request the client abandoned mid-stream as closed early, a finished one not', async () => {
    const server = await serveFaulted([{ kind: 'hold', afterChunks: 2 }]);
    const controller = new AbortController();
    const response = await fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'm', stream: true, messages: hi }),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await reader.read().catch(() => undefined);
    const deadline = Date.now() + 10_000;
    while (server.requests[0]?.closedEarly !== true && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(server.requests[0]?.closedEarly).toBe(true);
    server.release();
    await openAiStreamOutcome(openAi(server));
    expect(server.requests[1]?.closedEarly).toBeUndefined();
  });
});

describe('stream faults on non-streaming requests', () => {
  it('reset after the headers cuts the JSON body in half, and the client fails', async () => {
    const server = await serveFaulted([{ kind: 'reset', afterChunks: 1 }]);
    const error = await anthropicSdk(server)
      .messages.create({ model: 'c', max_tokens: 10, messages: hi })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(server.served).toBe(0);
  });

  it('malformed sends a 200 whose JSON body is cut short', async () => {
    const server = await serveFaulted([{ kind: 'malformed' }]);
    const error = await openAi(server)
      .chat.completions.create({ model: 'm', messages: hi })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SyntaxError);
  });

  it('stream-error becomes an HTTP error of the same type (overloaded_error → 529)', async () => {
    const server = await serveFaulted([{ kind: 'stream-error' }]);
    const error = await anthropicSdk(server)
      .messages.create({ model: 'c', max_tokens: 10, messages: hi })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect([
      (error as InstanceType<typeof Anthropic.APIError>).status,
      (error as InstanceType<typeof Anthropic.APIError>).type,
    ]).toEqual([529, 'overloaded_error']);
  });

  it('a stall before the headers that then ends sends an empty 200', async () => {
    const server = await serveFaulted([{ kind: 'stall', stallMs: 10, then: 'end' }]);
    const response = await fetch(`${server.url}/v1/messages`, {
      method: 'POST',
      body: JSON.stringify({ model: 'c', messages: [] }),
    });
    expect([response.status, await response.text()]).toEqual([200, '']);
  });
});
