// The fast parse of an OpenAI-compatible delta chunk (openai-chunk-fast-parse.ts) must be the
// provider's own schema, only cheaper: for every chunk it takes, exactly what the schema gives
// (keys, their order, values); none that the schema refuses; and through the provider's real
// stream against tools/mock-llm over HTTP, the same stream parts — text, reasoning, tool calls,
// usage, and the error parts of malformed chunks and of every recorded error shape.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { Scenario } from '@wave-agent/mock-llm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exact, fastParseTurn, freshServers } from '../test-support/fast-parse-fixture.js';
import { countedFastParse, resetFastParseCounts } from '../test-support/counted-fast-parse.js';
import type { z } from 'zod';
import {
  OPENAI_SERVER_ERROR_MESSAGE,
  OPENROUTER_ERROR_CHUNK,
  VLLM_ERROR_OBJECT,
} from '../test-support/recorded-error-shapes.js';
import { parseOpenAiDeltaChunk, useFastChunkParse } from './openai-chunk-fast-parse.js';

// What registerChunkParse is given is counted: proof that the stream parts compared below came
// from the fast parse once and from the schema alone once, not from the schema twice.
const counts = vi.hoisted(() => ({ registered: 0, taken: 0, declined: 0 }));
vi.mock('./fast-chunk-registry.js', async (importOriginal) =>
  countedFastParse(await importOriginal(), counts),
);

function chatModel(url: string) {
  return createOpenAICompatible({
    name: 'openai',
    baseURL: `${url}/v1`,
    apiKey: 'test-key',
    includeUsage: true,
  }).chatModel('gpt-test');
}

/** The provider's own chunk schema (a zod union), as its stream checks each chunk. */
function providerSchema(): z.ZodType {
  const schema: unknown = Reflect.get(chatModel('http://127.0.0.1:1'), 'chunkSchema');
  if (typeof schema !== 'object' || schema === null || !('safeParse' in schema)) {
    throw new Error('@ai-sdk/openai-compatible has no chunkSchema: the fast parse is never used.');
  }
  return schema as z.ZodType;
}

function expectSameAsSchema(chunk: unknown, schema: z.ZodType): 'fast' | 'schema' {
  const fast = parseOpenAiDeltaChunk(chunk);
  const checked = schema.safeParse(chunk);
  if (fast === undefined) return 'schema';
  expect(checked.success, `the schema refuses ${JSON.stringify(chunk)}`).toBe(true);
  expect(exact(fast)).toBe(exact(checked.data));
  return 'fast';
}

// Each request gets a mock-llm of its own, so both models see the same response ids.
const SCENARIO: Scenario = {
  name: 'fast-chunk-parse',
  chunkSize: 5,
  turns: [
    fastParseTurn('the whole reply'),
    fastParseTurn('json that does not parse', [{ kind: 'malformed', afterChunks: 3 }]),
    fastParseTurn('a delta of the wrong type', [
      {
        kind: 'malformed',
        afterChunks: 3,
        line: 'data: {"id":"x","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":5},"finish_reason":null}]}',
      },
    ]),
    fastParseTurn('an openai error', [
      { kind: 'stream-error', afterChunks: 4, message: OPENAI_SERVER_ERROR_MESSAGE },
    ]),
    fastParseTurn('an openrouter error', [
      { kind: 'stream-error', afterChunks: 4, line: OPENROUTER_ERROR_CHUNK },
    ]),
    fastParseTurn('a vllm error', [
      { kind: 'stream-error', afterChunks: 4, line: VLLM_ERROR_OBJECT },
    ]),
  ],
};

const { fresh: freshServer, closeAll } = freshServers(SCENARIO);
beforeEach(() => resetFastParseCounts(counts));
afterEach(async () => {
  await closeAll();
});

async function partsOf(fast: boolean, prompt: string): Promise<LanguageModelV3StreamPart[]> {
  const model = chatModel((await freshServer()).url);
  if (fast) useFastChunkParse(model);
  const { stream } = await model.doStream({
    prompt: [{ role: 'user', content: [{ type: 'text', text: prompt }] }],
    includeRawChunks: true,
  });
  const parts: LanguageModelV3StreamPart[] = [];
  for await (const part of stream as unknown as AsyncIterable<LanguageModelV3StreamPart>) {
    parts.push(part);
  }
  return parts;
}

/** The SSE data of each event the mock sends for a prompt, parsed. */
async function chunksOf(prompt: string): Promise<unknown[]> {
  const server = await freshServer();
  const response = await fetch(`${server.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer test-key' },
    body: JSON.stringify({
      model: 'gpt-test',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: prompt }],
    }),
  });
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice('data: '.length)) as unknown);
}

describe('the fast parse of an OpenAI-compatible delta chunk', () => {
  it('gives what the provider schema gives for every chunk of a recorded stream it takes, and takes the deltas', async () => {
    const schema = providerSchema();
    const chunks = await chunksOf('the whole reply');
    const paths = chunks.map((chunk) => expectSameAsSchema(chunk, schema));
    // The role chunk, every text and reasoning delta and the finish chunk go the fast way; the
    // tool calls and the usage chunk go to the schema.
    const deltas = chunks.filter((chunk) =>
      /"(content|reasoning_content)":"/.test(JSON.stringify(chunk)),
    );
    expect(deltas.length).toBeGreaterThan(15);
    for (const delta of deltas) expect(parseOpenAiDeltaChunk(delta)).toBeDefined();
    expect(paths.filter((path) => path === 'schema').length).toBeGreaterThan(0);
    expect(paths.at(-1)).toBe('schema');
  });

  it('takes nothing the schema refuses and changes nothing it keeps, field by field', () => {
    const schema = providerSchema();
    const base = () => ({
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      created: 1730000000,
      model: 'gpt-test',
      system_fingerprint: 'fp',
      choices: [
        {
          index: 0,
          delta: { role: 'assistant', content: 'hi', refusal: null },
          logprobs: null,
          finish_reason: null,
        },
      ],
      usage: null,
    });
    type Chunk = ReturnType<typeof base> & Record<string, unknown>;
    const choice = (chunk: Chunk) => chunk.choices[0] as Record<string, unknown>;
    const delta = (chunk: Chunk) => choice(chunk).delta as Record<string, unknown>;
    const WRONG: readonly unknown[] = [
      5,
      'x',
      true,
      false,
      null,
      [],
      {},
      [{ type: 'text', text: 'a' }],
      -1.5,
    ];
    const edits: ((chunk: Chunk, wrong: unknown) => void)[] = [
      (c, w) => (c.id = w as string),
      (c, w) => (c.created = w as number),
      (c, w) => (c.model = w as string),
      (c, w) => (c.choices = w as Chunk['choices']),
      (c, w) => (c.usage = w as null),
      (c, w) => (c.error = w),
      (c, w) => (c.provider = w),
      (c, w) => (c.choices[0] = w as Chunk['choices'][number]),
      (c, w) => (choice(c).delta = w),
      (c, w) => (choice(c).finish_reason = w),
      (c, w) => (choice(c).index = w),
      (c, w) => (choice(c).logprobs = w),
      (c, w) => (choice(c).extra = w),
      (c, w) => (delta(c).role = w),
      (c, w) => (delta(c).content = w),
      (c, w) => (delta(c).refusal = w),
      (c, w) => (delta(c).reasoning_content = w),
      (c, w) => (delta(c).reasoning = w),
      (c, w) => (delta(c).tool_calls = w),
      (c, w) => (delta(c).audio = w),
      (c) => delete (c as Partial<Chunk>).id,
      (c) => delete (c as Partial<Chunk>).usage,
      (c) => delete (c as Partial<Chunk>).choices,
      (c) => delete choice(c).delta,
      (c) => delete delta(c).role,
      (c) => c.choices.push(c.choices[0]!),
    ];
    const taken = { fast: 0, schema: 0 };
    for (const edit of edits) {
      for (const wrong of [...WRONG, 'assistant', '', 'stop']) {
        const chunk = base();
        edit(chunk, wrong);
        taken[expectSameAsSchema(chunk, schema)] += 1;
      }
    }
    expect(expectSameAsSchema(base(), schema)).toBe('fast');
    expect(taken.fast).toBeGreaterThan(0);
    expect(taken.schema).toBeGreaterThan(0);
    // Not objects at all.
    for (const chunk of [null, 5, 'x', [], [base()]])
      expect(parseOpenAiDeltaChunk(chunk)).toBeUndefined();
  });

  it.each([
    'the whole reply',
    'json that does not parse',
    'a delta of the wrong type',
    'an openai error',
    'an openrouter error',
    'a vllm error',
  ])('gives the provider the same stream parts over HTTP: %s', async (prompt) => {
    const fast = await partsOf(true, prompt);
    expect(counts.registered).toBe(1);
    expect(counts.taken).toBeGreaterThan(0);
    resetFastParseCounts(counts);
    const schemaOnly = await partsOf(false, prompt);
    expect(counts).toEqual({ registered: 0, taken: 0, declined: 0 });
    expect(exact(fast)).toBe(exact(schemaOnly));
    expect(fast.some((part) => part.type === 'text-delta' || part.type === 'error')).toBe(true);
  });
});
