// A multi-byte character cut across two socket writes: the client must really see two reads,
// and every client must still decode the text intact.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import Anthropic from '@anthropic-ai/sdk';
import { streamText } from 'ai';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { faultedText } from '../test-support/inline-scenarios.js';
import { postRaw } from '../test-support/raw-sse.js';
import { start, type MockLlm } from './start-mock-llm.js';

let server: MockLlm | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const text = 'café 😀 naïve';

async function serveSplit(): Promise<MockLlm> {
  server = await start({
    scenario: faultedText(text, [{ kind: 'split-utf8', pauseMs: 20 }], { chunkSize: 4 }),
  });
  return server;
}

/** True when a read ends inside a multi-byte character (its last byte is a lead or continuation byte of an unfinished sequence). */
function endsInsideCharacter(read: Uint8Array): boolean {
  for (let back = 1; back <= Math.min(4, read.length); back++) {
    const byte = read[read.length - back] ?? 0;
    if (byte < 0x80) return false;
    if (byte >= 0xc0) {
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return back < length;
    }
  }
  return false;
}

describe('split-utf8', () => {
  it('delivers the bytes of a character in two separate reads, and the text decodes intact', async () => {
    const server = await serveSplit();
    const response = await postRaw(`${server.url}/v1/chat/completions`, {
      model: 'm',
      stream: true,
      messages: [],
    });
    expect(response.reads.some(endsInsideCharacter)).toBe(true);
    expect(response.text).toContain('"content":"caf\u00e9"');
    expect(response.text).toContain('😀');
  });

  it('without the fault, no read ends inside a character (the test above is not luck)', async () => {
    server = await start({ scenario: faultedText(text, [], { chunkSize: 4 }) });
    const response = await postRaw(`${server.url}/v1/chat/completions`, {
      model: 'm',
      stream: true,
      messages: [],
    });
    expect(response.reads.some(endsInsideCharacter)).toBe(false);
  });

  it('counts as a served turn, since the whole reply arrives', async () => {
    const server = await serveSplit();
    await postRaw(`${server.url}/v1/messages`, { model: 'c', stream: true, messages: [] });
    expect(server.served).toBe(1);
  });

  it('openai client decodes é and 😀 intact', async () => {
    const server = await serveSplit();
    const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'k', maxRetries: 0 });
    let received = '';
    for await (const chunk of await client.chat.completions.create({
      model: 'm',
      stream: true,
      messages: [{ role: 'user', content: 'hi' }],
    })) {
      received += chunk.choices[0]?.delta.content ?? '';
    }
    expect(received).toBe(text);
  });

  it('anthropic client decodes é and 😀 intact', async () => {
    const server = await serveSplit();
    const client = new Anthropic({ baseURL: server.url, apiKey: 'k', maxRetries: 0 });
    const message = await client.messages
      .stream({ model: 'c', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] })
      .finalMessage();
    expect(message.content).toEqual([{ type: 'text', text }]);
  });

  it('AI SDK decodes é and 😀 intact', async () => {
    const server = await serveSplit();
    const model = createOpenAICompatible({
      name: 'mock',
      baseURL: `${server.url}/v1`,
      apiKey: 'k',
    })('m');
    expect(await streamText({ model, prompt: 'hi', maxRetries: 0 }).text).toBe(text);
  });

  it('splits a non-streaming body too', async () => {
    const server = await serveSplit();
    const response = await postRaw(`${server.url}/v1/messages`, { model: 'c', messages: [] });
    expect(response.reads.some(endsInsideCharacter)).toBe(true);
    expect((JSON.parse(response.text) as { content: unknown }).content).toEqual([
      { type: 'text', text },
    ]);
  });
});
