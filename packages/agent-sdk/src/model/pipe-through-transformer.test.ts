// Wave's patch of @ai-sdk/provider-utils runs a provider's own stage (the transformer it gave a
// TransformStream) inside the parse stage's pull: pipeThroughTransformer, called by the patched
// providers instead of `response.pipeThrough(new TransformStream(transformer))`. What a reader
// of the provider's stream gets must be what the pipe gave: the same parts in the same order
// (start, each chunk, flush), an asynchronous transform waited for, a throw or a broken body as
// the stream's error, and a reader's cancel reaching the response body.
import { createEventSourceResponseHandler, pipeThroughTransformer } from '@ai-sdk/provider-utils';
import { APICallError } from '@ai-sdk/provider';
import { afterEach, describe, expect, it } from 'vitest';
import type { QueuingStrategy, Transformer } from 'node:stream/web';
import { z } from 'zod';
import { PROVIDERS, lastAssistantText, startHarness } from '../test-support/agent-harness.js';
import type { Harness } from '../test-support/agent-harness.js';

const chunkSchema = z.object({ text: z.string() });

type Stage = Transformer<unknown, unknown>;

function byteStream(text: string, cuts: readonly number[]): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let from = 0;
  const pieces = [...cuts, bytes.length].map((cut) => {
    const piece = bytes.subarray(from, cut);
    from = cut;
    return piece;
  });
  return new ReadableStream({
    pull(controller) {
      const piece = pieces.shift();
      if (piece === undefined) controller.close();
      else controller.enqueue(piece);
    },
  });
}

/** The provider's parsed event stream, as the patched handler gives it. */
async function parsed(body: ReadableStream<Uint8Array>): Promise<ReadableStream<unknown>> {
  const { value } = await createEventSourceResponseHandler(chunkSchema)({
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    url: 'http://127.0.0.1/v1/chat/completions',
    requestBodyValues: {},
  });
  return value;
}

/** What a reader gets: every part, then the error the stream ended with (if any). */
async function readAll(stream: ReadableStream<unknown>): Promise<unknown[]> {
  const seen: unknown[] = [];
  const reader = stream.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read())
      seen.push(read.value);
  } catch (error) {
    seen.push({ failed: error instanceof Error ? error.message : error });
  }
  return seen;
}

/** A provider-like stage: a part at start, one per chunk (none for some), a summary at flush. */
function stage(options: { readonly async?: boolean; readonly throwAt?: string } = {}) {
  return (): Stage => {
    let count = 0;
    return {
      start(controller) {
        controller.enqueue({ type: 'stream-start' });
      },
      transform(result: unknown, controller) {
        const value = (result as { value?: { text: string } }).value;
        if (value?.text === options.throwAt) throw new Error(`cannot take ${value?.text}`);
        count++;
        if (value?.text === 'skip') return undefined;
        const emit = () => controller.enqueue({ type: 'delta', text: value?.text });
        if (!options.async) return emit();
        return new Promise<void>((resolve) => setTimeout(resolve, 1)).then(emit);
      },
      flush(controller) {
        controller.enqueue({ type: 'finish', count });
      },
    };
  };
}

const SSE = ['one', 'skip', 'two', 'three'].map((text) => `data: {"text":"${text}"}\n\n`).join('');

async function both(
  make: () => Stage,
  body: () => ReadableStream<Uint8Array>,
): Promise<[unknown[], unknown[]]> {
  const piped = await readAll((await parsed(body())).pipeThrough(new TransformStream(make())));
  const pulled = await readAll(pipeThroughTransformer(await parsed(body()), make()));
  return [piped, pulled];
}

describe('pipeThroughTransformer (patched provider-utils)', () => {
  it('gives the parts the pipe gave, in order, wherever the network cut the bytes', async () => {
    for (let cut = 1; cut < SSE.length; cut += 5) {
      const [piped, pulled] = await both(stage(), () => byteStream(SSE, [cut]));
      expect(pulled).toEqual(piped);
      expect(pulled).toEqual([
        { type: 'stream-start' },
        { type: 'delta', text: 'one' },
        { type: 'delta', text: 'two' },
        { type: 'delta', text: 'three' },
        { type: 'finish', count: 4 },
      ]);
    }
  });

  it('waits for an asynchronous transform, keeping the order', async () => {
    const [piped, pulled] = await both(stage({ async: true }), () => byteStream(SSE, [20, 21]));
    expect(pulled).toEqual(piped);
    expect(pulled).toHaveLength(5);
  });

  it('ends with the transform’s error when it throws, after the parts before it', async () => {
    const [piped, pulled] = await both(stage({ throwAt: 'two' }), () => byteStream(SSE, [10]));
    expect(pulled).toEqual(piped);
    expect(pulled.at(-1)).toEqual({ failed: 'cannot take two' });
  });

  it('ends with the provider’s call error when the body breaks', async () => {
    const broken = () => {
      let sent = false;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent) return controller.error(new Error('socket hang up'));
          sent = true;
          controller.enqueue(new TextEncoder().encode('data: {"text":"one"}\n\n'));
        },
      });
    };
    const [piped, pulled] = await both(stage(), broken);
    expect(pulled).toEqual(piped);
    expect(pulled.at(-1)).toEqual({ failed: 'Failed to process successful response' });
    const reader = pipeThroughTransformer(await parsed(broken()), stage()()).getReader();
    await reader.read();
    await reader.read();
    const failure: unknown = await reader.read().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(APICallError.isInstance(failure)).toBe(true);
  });

  it('cancels the response body when the reader cancels', async () => {
    let cancelled: unknown;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: {"text":"one"}\n\n'));
      },
      cancel(reason) {
        cancelled = reason;
      },
    });
    const reader = pipeThroughTransformer(await parsed(body), stage()()).getReader();
    expect((await reader.read()).value).toEqual({ type: 'stream-start' });
    expect((await reader.read()).value).toEqual({ type: 'delta', text: 'one' });
    await reader.cancel('the user stopped');
    expect(cancelled).toBe('the user stopped');
  });

  it('pipes any other stream through a TransformStream, as before', async () => {
    const results = new ReadableStream({
      start(controller) {
        controller.enqueue({ success: true, value: { text: 'plain' } });
        controller.close();
      },
    });
    expect(await readAll(pipeThroughTransformer(results, stage()()))).toEqual([
      { type: 'stream-start' },
      { type: 'delta', text: 'plain' },
      { type: 'finish', count: 1 },
    ]);
  });
});

describe('the patched providers', () => {
  let harness: Harness | undefined;
  const NativeTransformStream = globalThis.TransformStream;
  afterEach(async () => {
    globalThis.TransformStream = NativeTransformStream;
    await harness?.dispose();
    harness = undefined;
  });

  it.each(PROVIDERS)('%s streams a reply without a TransformStream', async (provider) => {
    harness = await startHarness(provider, {
      name: 'no-pipe',
      turns: [{ reply: [{ type: 'text', text: 'Straight through.' }] }],
    });
    let made = 0;
    class Counting<I, O> extends NativeTransformStream<I, O> {
      constructor(
        transformer?: Transformer<I, O>,
        writable?: QueuingStrategy<I>,
        readable?: QueuingStrategy<O>,
      ) {
        super(transformer, writable, readable);
        made++;
      }
    }
    globalThis.TransformStream = Counting;
    await harness.agent.sendMessage('hello');
    expect(lastAssistantText(harness.agent)).toBe('Straight through.');
    expect(made).toBe(0);
  });
});
