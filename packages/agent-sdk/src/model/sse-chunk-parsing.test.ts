// The AI SDK's parse of a provider's SSE stream, as Wave's patch of @ai-sdk/provider-utils
// (patches/@ai-sdk__provider-utils@4.0.65.patch) does it in one stream stage with zod's synchronous
// parse: what reaches the provider for each event must be what the three stages gave — events
// and characters split anywhere across network reads, `[DONE]` skipped, JSON that does not parse
// or does not match the chunk schema as failed results (the provider turns them into error
// parts), and a schema with an asynchronous check still checked (the asynchronous path).
import { createEventSourceResponseHandler, parseJsonEventStream } from '@ai-sdk/provider-utils';
import { APICallError, JSONParseError, TypeValidationError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const chunkSchema = z.object({ text: z.string() });

function byteStream(text: string, cuts: readonly number[]): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    pieces.push(bytes.subarray(from, cut));
    from = cut;
  }
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
}

async function resultsOf(stream: ReadableStream<unknown>): Promise<unknown[]> {
  const results: unknown[] = [];
  for await (const result of stream as unknown as AsyncIterable<unknown>) results.push(result);
  return results;
}

const SSE = [
  'data: {"text":"héllo — "}',
  '',
  'data: {"text":"wörld 🌍"}',
  '',
  'data: {"text":42}',
  '',
  'data: {not json',
  '',
  ': a comment',
  'data: [DONE]',
  '',
  '',
].join('\n');

describe('parseJsonEventStream (patched: one stage)', () => {
  it('gives each event once, whole, wherever the network cut the bytes', async () => {
    const bytes = new TextEncoder().encode(SSE).length;
    // Every cut position: inside the multi-byte characters, the "data:" prefix, the blank line.
    for (let cut = 1; cut < bytes; cut++) {
      const results = await resultsOf(
        parseJsonEventStream({ stream: byteStream(SSE, [cut]), schema: chunkSchema }),
      );
      expect(results).toHaveLength(4);
      expect(results[0]).toEqual({
        success: true,
        value: { text: 'héllo — ' },
        rawValue: { text: 'héllo — ' },
      });
      expect(results[1]).toMatchObject({ success: true, value: { text: 'wörld 🌍' } });
      const mismatch = results[2] as { success: boolean; error: unknown; rawValue: unknown };
      expect(mismatch.success).toBe(false);
      expect(TypeValidationError.isInstance(mismatch.error)).toBe(true);
      expect(mismatch.rawValue).toEqual({ text: 42 });
      const broken = results[3] as { success: boolean; error: unknown };
      expect(broken.success).toBe(false);
      expect(JSONParseError.isInstance(broken.error)).toBe(true);
    }
  });

  it('checks a schema with an asynchronous refinement too', async () => {
    const asyncSchema = z
      .object({ text: z.string() })
      .refine((value) => Promise.resolve(value.text !== 'no'));
    const sse = 'data: {"text":"yes"}\n\ndata: {"text":"no"}\n\n';
    const results = (await resultsOf(
      parseJsonEventStream({ stream: byteStream(sse, [7, 30]), schema: asyncSchema }),
    )) as { success: boolean }[];
    expect(results.map((result) => result.success)).toEqual([true, false]);
  });

  it('gives the parsed JSON as it is without a schema', async () => {
    const results = await resultsOf(
      parseJsonEventStream({
        stream: byteStream('data: {"a":1}\n\n', [3]),
        schema: undefined as unknown as typeof chunkSchema,
      }),
    );
    expect(results).toEqual([{ success: true, value: { a: 1 }, rawValue: { a: 1 } }]);
  });
});

/** A provider's successful streaming response as the patched handler reads it (one stage). */
async function handled(body: ReadableStream<Uint8Array>): Promise<ReadableStream<unknown>> {
  const { value } = await createEventSourceResponseHandler(chunkSchema)({
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    url: 'http://127.0.0.1/v1/chat/completions',
    requestBodyValues: {},
  });
  return value;
}

describe('createEventSourceResponseHandler (patched: the body read and parsed in one stage)', () => {
  it('gives what parseJsonEventStream gives, wherever the network cut the bytes', async () => {
    const bytes = new TextEncoder().encode(SSE).length;
    for (let cut = 1; cut < bytes; cut += 3) {
      const fused = await resultsOf(await handled(byteStream(SSE, [cut, cut + 2])));
      const staged = await resultsOf(
        parseJsonEventStream({ stream: byteStream(SSE, [cut, cut + 2]), schema: chunkSchema }),
      );
      expect(fused).toEqual(staged);
      expect(fused).toHaveLength(4);
    }
  });

  it('reads on past network reads that hold no event (comments, [DONE], a cut line)', async () => {
    const sse = ': keep-alive\n\n: again\n\ndata: {"text":"a"}\n\ndata: [DONE]\n\n';
    const cuts = [3, 14, 20, 24, 30, 38];
    expect(await resultsOf(await handled(byteStream(sse, cuts)))).toEqual([
      { success: true, value: { text: 'a' }, rawValue: { text: 'a' } },
    ]);
  });

  it('reports a body that breaks mid-stream as the provider’s call error, after what came', async () => {
    const cause = new Error('socket hang up');
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) {
          controller.error(cause);
          return;
        }
        sent = true;
        controller.enqueue(new TextEncoder().encode('data: {"text":"first"}\n\n'));
      },
    });
    const reader = (await handled(body)).getReader();
    expect(await reader.read()).toMatchObject({ done: false, value: { success: true } });
    const failure: unknown = await reader.read().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(APICallError.isInstance(failure)).toBe(true);
    expect((failure as APICallError).message).toBe('Failed to process successful response');
    expect((failure as APICallError).cause).toBe(cause);
  });
});
