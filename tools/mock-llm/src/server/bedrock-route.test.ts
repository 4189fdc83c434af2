// The Bedrock route over real HTTP: what Bedrock refuses is refused in Bedrock's shape (no or a
// malformed authorization, Anthropic's own body), and an accepted request's turn comes back as
// AWS event-stream frames, each one Anthropic event, decoded here with the AWS SDK's codec.
import { EventStreamCodec } from '@smithy/core/event-streams';
import { afterEach, describe, expect, it } from 'vitest';
import { start, type MockLlm } from './start-mock-llm.js';

let server: MockLlm | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const PATH = `/model/${encodeURIComponent('us.anthropic.claude-haiku-4-5-20251001-v1:0')}/invoke-with-response-stream`;
const BODY = {
  anthropic_version: 'bedrock-2023-05-31',
  max_tokens: 100,
  messages: [{ role: 'user', content: 'hi' }],
};

async function post(headers: Record<string, string>, body: unknown = BODY): Promise<Response> {
  server ??= await start({
    scenario: { name: 'hello', turns: [{ reply: [{ type: 'text', text: 'Hello there.' }] }] },
  });
  return fetch(`${server.url}${PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe("mock-llm's Bedrock route", () => {
  it.each([
    [{}, 'Missing Authentication Token'],
    [
      { authorization: 'AWS4-HMAC-SHA256 Credential=AKIA1/20261206/us-east-1/s3/aws4_request' },
      'Missing Authentication Token',
    ],
  ])('refuses an authorization Bedrock would not take (%j)', async (headers, says) => {
    const response = await post(headers);
    expect(response.status).toBe(403);
    expect(response.headers.get('x-amzn-errortype')).toMatch(/^AccessDeniedException:/);
    expect(((await response.json()) as { message: string }).message).toContain(says);
  });

  it("refuses Anthropic's own body (a model, stream) as Bedrock does", async () => {
    const response = await post(
      { authorization: 'Bearer k' },
      { ...BODY, model: 'claude-haiku-4-5', stream: true },
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('x-amzn-errortype')).toMatch(/^ValidationException:/);
    expect(await response.json()).toEqual({
      message: 'Malformed input request: extraneous key [model] is not permitted.',
    });
  });

  it("streams the turn as event-stream frames, each chunk one of Anthropic's events", async () => {
    const response = await post({ authorization: 'Bearer k' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.amazon.eventstream');
    const bytes = new Uint8Array(await response.arrayBuffer());
    const codec = new EventStreamCodec(
      (data: Uint8Array) => Buffer.from(data).toString('utf8'),
      (text) => new Uint8Array(Buffer.from(text, 'utf8')),
    );
    const events: { type: string; delta?: { text?: string } }[] = [];
    for (let offset = 0; offset < bytes.length;) {
      const length = new DataView(bytes.buffer, offset, 4).getUint32(0);
      const { headers, body } = codec.decode(bytes.subarray(offset, offset + length));
      expect(headers[':event-type']?.value).toBe('chunk');
      const payload = JSON.parse(Buffer.from(body).toString('utf8')) as { bytes: string };
      events.push(JSON.parse(Buffer.from(payload.bytes, 'base64').toString('utf8')) as never);
      offset += length;
    }
    expect(events[0]?.type).toBe('message_start');
    expect(events.at(-1)?.type).toBe('message_stop');
    const text = events
      .filter((event) => event.type === 'content_block_delta')
      .map((event) => event.delta?.text ?? '')
      .join('');
    expect(text).toBe('Hello there.');
  });
});
