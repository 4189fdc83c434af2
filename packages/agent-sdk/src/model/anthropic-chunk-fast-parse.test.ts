// The fast parse of an Anthropic messages delta event (anthropic-chunk-fast-parse.ts) must be the
// provider's own schema, only cheaper: for every event it takes, exactly what the schema gives;
// none that the schema refuses; and through the provider's real stream against tools/mock-llm
// over HTTP, the same stream parts — text, thinking, tool calls, and the error parts of malformed
// events and of an in-stream error — as with the schema alone.
import * as anthropicProvider from '@ai-sdk/anthropic';
import { anthropicMessagesChunkSchema, createAnthropic } from '@ai-sdk/anthropic';
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { registerFastChunkParse, safeValidateTypes } from '@ai-sdk/provider-utils';
import type { Scenario } from '@wave-agent/mock-llm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exact, fastParseTurn, freshServers } from '../test-support/fast-parse-fixture.js';
import { countedFastParse, resetFastParseCounts } from '../test-support/counted-fast-parse.js';
import {
  parseAnthropicDeltaEvent,
  useAnthropicFastChunkParse,
} from './anthropic-chunk-fast-parse.js';

// What registerChunkParse is given is counted: proof that the stream parts compared below came
// from the fast parse once and from the schema alone once, not from the schema twice.
const counts = vi.hoisted(() => ({ registered: 0, taken: 0, declined: 0 }));
vi.mock('./fast-chunk-registry.js', async (importOriginal) =>
  countedFastParse(await importOriginal(), counts),
);

async function expectSameAsSchema(event: unknown): Promise<'fast' | 'schema'> {
  const fast = parseAnthropicDeltaEvent(event);
  if (fast === undefined) return 'schema';
  const checked = await safeValidateTypes({
    value: event,
    schema: anthropicMessagesChunkSchema as Parameters<typeof safeValidateTypes>[0]['schema'],
  });
  expect(checked.success, `the schema refuses ${JSON.stringify(event)}`).toBe(true);
  if (checked.success) expect(exact(fast)).toBe(exact(checked.value));
  return 'fast';
}

const PROMPTS = {
  whole: 'the whole reply',
  notJson: 'json that does not parse',
  wrongType: 'a delta of the wrong type',
  unknownDelta: 'a delta type the schema does not know',
  error: 'an overloaded error',
} as const;

// Each request gets a mock-llm of its own, so both runs see the same message ids.
const SCENARIO: Scenario = {
  name: 'anthropic-fast-chunk-parse',
  chunkSize: 5,
  turns: [
    fastParseTurn(PROMPTS.whole),
    fastParseTurn(PROMPTS.notJson, [{ kind: 'malformed', afterChunks: 5 }]),
    fastParseTurn(PROMPTS.wrongType, [
      {
        kind: 'malformed',
        afterChunks: 5,
        line: 'event: content_block_delta\ndata: {"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":5}}',
      },
    ]),
    fastParseTurn(PROMPTS.unknownDelta, [
      {
        kind: 'malformed',
        afterChunks: 5,
        line: 'event: content_block_delta\ndata: {"type":"content_block_delta","index":1,"delta":{"type":"text","text":"a"}}',
      },
    ]),
    fastParseTurn(PROMPTS.error, [
      {
        kind: 'stream-error',
        afterChunks: 6,
        errorType: 'overloaded_error',
        message: 'Overloaded',
      },
    ]),
  ],
};

const { fresh: freshServer, closeAll } = freshServers(SCENARIO);
beforeEach(() => resetFastParseCounts(counts));
afterEach(async () => {
  await closeAll();
  useAnthropicFastChunkParse(anthropicProvider);
});

async function partsOf(fast: boolean, prompt: string): Promise<LanguageModelV3StreamPart[]> {
  // The schema is the provider's, one for all its models: the fast parse is on or off for all.
  if (fast) useAnthropicFastChunkParse(anthropicProvider);
  else registerFastChunkParse(anthropicMessagesChunkSchema, () => undefined);
  const { url } = await freshServer();
  const model = createAnthropic({ baseURL: `${url}/v1`, apiKey: 'test-key' })('claude-test');
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

/** The data of each SSE event the mock sends for a prompt, parsed. */
async function eventsOf(prompt: string): Promise<unknown[]> {
  const { url } = await freshServer();
  const response = await fetch(`${url}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'test-key' },
    body: JSON.stringify({
      model: 'claude-test',
      max_tokens: 100,
      stream: true,
      messages: [{ role: 'user', content: prompt }],
    }),
  });
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice('data: '.length)) as unknown);
}

describe('the fast parse of an Anthropic delta event', () => {
  it('gives what the provider schema gives for every event of a recorded stream it takes, and takes the deltas', async () => {
    const events = await eventsOf(PROMPTS.whole);
    const paths: string[] = [];
    for (const event of events) paths.push(await expectSameAsSchema(event));
    const deltas = events.filter((event) =>
      /"(text_delta|thinking_delta|input_json_delta)"/.test(JSON.stringify(event)),
    );
    expect(deltas.length).toBeGreaterThan(15);
    for (const delta of deltas) expect(parseAnthropicDeltaEvent(delta)).toBeDefined();
    // message_start, the block starts and stops, the signature, message_delta: the schema's.
    expect(paths.filter((path) => path === 'schema').length).toBeGreaterThan(5);
  });

  it('takes nothing the schema refuses and changes nothing it keeps, field by field', async () => {
    const base = (): Record<string, unknown> & { delta: Record<string, unknown> } => ({
      type: 'content_block_delta',
      index: 1,
      delta: { type: 'text_delta', text: 'hi' },
    });
    const WRONG: readonly unknown[] = [5, 'x', true, null, [], {}, -1.5, ''];
    const edits: ((event: ReturnType<typeof base>, wrong: unknown) => void)[] = [
      (e, w) => (e.type = w),
      (e, w) => (e.index = w),
      (e, w) => (e.delta = w as Record<string, unknown>),
      (e, w) => (e.extra = w),
      (e, w) => (e.delta.type = w),
      (e, w) => (e.delta.text = w),
      (e, w) => (e.delta.thinking = w),
      (e, w) => (e.delta.partial_json = w),
      (e, w) => (e.delta.extra = w),
      (e) => delete e.delta.text,
      (e) => delete (e as Partial<ReturnType<typeof base>>).index,
      (e) => (e.delta = { type: 'thinking_delta', thinking: 'hmm' }),
      (e) => (e.delta = { type: 'input_json_delta', partial_json: '{"a"' }),
      (e) => (e.delta = { type: 'signature_delta', signature: 'sig' }),
      (e) => (e.delta = { type: 'thinking_delta', text: 'hmm' }),
      (e) => (e.delta = { type: 'constructor', constructor: 'x' }),
      (e) => (e.delta = { type: 'toString', toString: 'x' }),
    ];
    const taken = { fast: 0, schema: 0 };
    for (const edit of edits) {
      for (const wrong of [...WRONG, 'text_delta', 'content_block_delta']) {
        const event = base();
        edit(event, wrong);
        taken[await expectSameAsSchema(event)] += 1;
      }
    }
    expect(await expectSameAsSchema(base())).toBe('fast');
    expect(taken.fast).toBeGreaterThan(0);
    expect(taken.schema).toBeGreaterThan(0);
    for (const event of [null, 5, 'x', [], [base()]]) {
      expect(parseAnthropicDeltaEvent(event)).toBeUndefined();
    }
  });

  it.each(Object.values(PROMPTS))(
    'gives the provider the same stream parts over HTTP: %s',
    async (prompt) => {
      const fast = await partsOf(true, prompt);
      expect(counts.registered).toBe(1);
      expect(counts.taken).toBeGreaterThan(0);
      resetFastParseCounts(counts);
      const schemaOnly = await partsOf(false, prompt);
      expect(counts).toEqual({ registered: 0, taken: 0, declined: 0 });
      expect(exact(fast)).toBe(exact(schemaOnly));
      expect(fast.some((part) => part.type === 'text-delta' || part.type === 'error')).toBe(true);
    },
  );
});

describe('without the patch of the AI SDK (the packages as published)', () => {
  it('registers nothing and throws nothing when the provider has no chunk schema to give', () => {
    expect(() => useAnthropicFastChunkParse({ createAnthropic })).not.toThrow();
    expect(counts.registered).toBe(0);
  });
});
