// A recorded stream served as it was recorded: framed for the endpoint, cut into writes of an
// odd number of bytes that the client really reads apart.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { recordedFixturePath } from '../fixtures/recorded-fixtures.js';
import { parseScenario } from '../scenario/parse-scenario.js';
import { postRaw } from '../test-support/raw-sse.js';
import { start, type MockLlm } from './start-mock-llm.js';

const adaptive = recordedFixturePath('anthropicAdaptive');

let server: MockLlm | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('recorded streams', () => {
  it('serves each recorded event once, in order, named, in writes of the given size', async () => {
    server = await start({
      scenario: {
        name: 'recorded',
        turns: [{ reply: [], recorded: { file: adaptive, writeBytes: 7, pauseMs: 2 } }],
      },
    });
    const response = await postRaw(`${server.url}/v1/messages`, {
      model: 'claude-sonnet-5',
      stream: true,
      max_tokens: 100,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(response.status).toBe(200);
    const lines = readFileSync(adaptive, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '');
    const expected = lines
      .map((line) => `event: ${(JSON.parse(line) as { type: string }).type}\ndata: ${line}\n\n`)
      .join('');
    expect(response.text).toBe(expected);
    // Many reads, most of them 7 bytes: the events were cut where the writes fell.
    expect(response.reads.length).toBeGreaterThan(expected.length / 7 / 4);
    expect(
      response.reads.every((read) => read.length % 7 === 0 || read === response.reads.at(-1)),
    ).toBe(true);
  });

  it('frames a Chat Completions recording with bare data lines and [DONE]', async () => {
    server = await start({
      scenario: {
        name: 'recorded',
        turns: [{ reply: [], recorded: { file: adaptive } }],
      },
    });
    const response = await postRaw(`${server.url}/v1/chat/completions`, {
      model: 'm',
      stream: true,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(response.text.startsWith('data: {')).toBe(true);
    expect(response.text.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('names a bad recorded field, and needs no reply beside it', () => {
    expect(() =>
      parseScenario({ name: 'x', turns: [{ recorded: { file: 7, writeBytes: 0 } }] }),
    ).toThrow(
      /turns\[0\]\.recorded\.file must be a string.*turns\[0\]\.recorded\.writeBytes must be an integer >= 1/,
    );
    expect(parseScenario({ name: 'x', turns: [{ recorded: { file: 'a.txt' } }] }).turns[0]).toEqual(
      {
        reply: [],
        recorded: { file: 'a.txt' },
      },
    );
  });
});
