// HTTP error faults (429 with retry-after, 500, 529) as each client sees and retries them.
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import Anthropic from '@anthropic-ai/sdk';
import { APICallError, generateText } from 'ai';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { exampleScenarioPath } from '../test-support/example-scenarios.js';
import { faultedText } from '../test-support/inline-scenarios.js';
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

const hi = [{ role: 'user' as const, content: 'hi' }];

describe('http faults', () => {
  it('openai: 429 then 529, retried by the SDK, then the real reply; faulted attempts are not served turns', async () => {
    const server = await serve({ scenarioFile: exampleScenarioPath('faults') });
    const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'k', maxRetries: 2 });
    const completion = await client.chat.completions.create({ model: 'm', messages: hi });
    expect(completion.choices[0]?.message.content).toBe('Third time lucky.');
    expect(server.requests.map((request) => request.headers['x-stainless-retry-count'])).toEqual([
      '0',
      '1',
      '2',
    ]);
    expect(server.served).toBe(1);
  });

  it('openai: a 429 carries retry-after and a rate-limit body; the SDK waits and retries', async () => {
    const server = await serve({
      scenario: faultedText('ok', [{ kind: 'http', status: 429, retryAfterSeconds: 1 }]),
    });
    const impatient = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'k', maxRetries: 0 });
    const error = await impatient.chat.completions
      .create({ model: 'm', messages: hi })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    const rateLimit = error as InstanceType<typeof OpenAI.RateLimitError>;
    expect(rateLimit.headers.get('retry-after')).toBe('1');
    expect(rateLimit.code).toBe('rate_limit_exceeded');

    server.setScenario(faultedText('ok', [{ kind: 'http', status: 429, retryAfterSeconds: 1 }]));
    const patient = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'k', maxRetries: 1 });
    const completion = await patient.chat.completions.create({ model: 'm', messages: hi });
    expect(completion.choices[0]?.message.content).toBe('ok');
    expect(server.requests).toHaveLength(3);
  });

  it('openai: a 500 arrives as InternalServerError with a server_error body', async () => {
    const server = await serve({
      scenario: faultedText('ok', [{ kind: 'http', status: 500, message: 'boom' }]),
    });
    const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'k', maxRetries: 0 });
    const error = await client.chat.completions
      .create({ model: 'm', messages: hi })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
    expect((error as InstanceType<typeof OpenAI.InternalServerError>).type).toBe('server_error');
    expect((error as Error).message).toBe('500 boom');
  });

  it('anthropic: 529 is an overloaded_error, retried by the SDK (honouring retry-after-ms)', async () => {
    const server = await serve({
      scenario: faultedText('ok', [
        { kind: 'http', status: 529, retryAfterMs: 10 },
        { kind: 'http', status: 529, retryAfterMs: 10 },
      ]),
    });
    const impatient = new Anthropic({ baseURL: server.url, apiKey: 'k', maxRetries: 0 });
    const error = await impatient.messages
      .create({ model: 'c', max_tokens: 10, messages: hi })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    const apiError = error as InstanceType<typeof Anthropic.APIError>;
    expect(apiError.status).toBe(529);
    expect(apiError.type).toBe('overloaded_error');
    expect(apiError.headers?.get('retry-after-ms')).toBe('10');

    const patient = new Anthropic({ baseURL: server.url, apiKey: 'k', maxRetries: 1 });
    // Attempt 2 is the second 529, attempt 3 the reply.
    const message = await patient.messages.create({ model: 'c', max_tokens: 10, messages: hi });
    expect(message.content).toEqual([{ type: 'text', text: 'ok' }]);
    expect(server.requests).toHaveLength(3);
  });

  it('anthropic: a 500 is an api_error', async () => {
    const server = await serve({ scenario: faultedText('ok', [{ kind: 'http', status: 500 }]) });
    const client = new Anthropic({ baseURL: server.url, apiKey: 'k', maxRetries: 0 });
    const error = await client.messages
      .create({ model: 'c', max_tokens: 10, messages: hi })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.InternalServerError);
    expect((error as InstanceType<typeof Anthropic.InternalServerError>).type).toBe('api_error');
  });

  it('AI SDK: generateText retries 429 and 529 when retry-after-ms says how long to wait', async () => {
    const server = await serve({ scenarioFile: exampleScenarioPath('faults') });
    const model = createOpenAICompatible({
      name: 'mock',
      baseURL: `${server.url}/v1`,
      apiKey: 'k',
    })('m');
    const result = await generateText({ model, prompt: 'hi', maxRetries: 2 });
    expect(result.text).toBe('Third time lucky.');
    expect(server.requests).toHaveLength(3);
  });

  it('AI SDK anthropic: a 429 without retries is a retryable APICallError carrying the headers', async () => {
    const server = await serve({
      scenario: faultedText('ok', [{ kind: 'http', status: 429, retryAfterSeconds: 3 }]),
    });
    const model = createAnthropic({ baseURL: `${server.url}/v1`, apiKey: 'k' })(
      'claude-sonnet-5-5',
    );
    const error = await generateText({ model, prompt: 'hi', maxRetries: 0 }).catch(
      (e: unknown) => e,
    );
    expect(APICallError.isInstance(error)).toBe(true);
    const callError = error as APICallError;
    expect([
      callError.statusCode,
      callError.isRetryable,
      callError.responseHeaders?.['retry-after'],
    ]).toEqual([429, true, '3']);
    expect(callError.message).toBe('Rate limit reached (scripted by mock-llm).');
  });
});
