import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { httpFetch } from './http-fetch.js';

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

let server: Server | undefined;

async function serve(handler: Handler): Promise<string> {
  server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => handler(request, response, body));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function readAll(body: ReadableStream<Uint8Array> | null): Promise<string> {
  if (body === null) return '';
  const reader = body.getReader();
  let text = '';
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    text += Buffer.from(read.value).toString('utf8');
  }
  return text;
}

describe('httpFetch', () => {
  it('sends the request as fetch would and answers with status, headers and body', async () => {
    let seen: { method?: string; headers?: IncomingMessage['headers']; body?: string } = {};
    const base = await serve((request, response, body) => {
      seen = { method: request.method, headers: request.headers, body };
      response.statusCode = 201;
      response.statusMessage = 'Made';
      response.setHeader('X-Several', ['a', 'b']);
      response.setHeader('Content-Type', 'application/json');
      response.end('{"made":true}');
    });
    const response = await httpFetch(`${base}/v1/things`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', authorization: 'Bearer k' },
      body: '{"ask":"é"}',
    });
    expect(seen.method).toBe('POST');
    expect(seen.body).toBe('{"ask":"é"}');
    expect(seen.headers?.['content-length']).toBe(String(Buffer.byteLength('{"ask":"é"}')));
    expect(seen.headers?.authorization).toBe('Bearer k');
    expect(seen.headers?.['accept-encoding']).toBe('gzip, deflate');
    expect(response.status).toBe(201);
    expect(response.statusText).toBe('Made');
    expect(response.ok).toBe(true);
    expect(response.headers.get('x-several')).toBe('a, b');
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(Object.fromEntries([...response.headers])).toMatchObject({ 'x-several': 'a, b' });
    expect(Object.prototype.toString.call(response.headers)).toBe('[object Headers]');
    expect(await response.json()).toEqual({ made: true });
  });

  it('leaves out a header its caller left undefined, as the AI SDK does', async () => {
    let seen: IncomingMessage['headers'] = {};
    const base = await serve((request, response) => {
      seen = request.headers;
      response.end();
    });
    const headers: Record<string, string> = { 'x-set': 'yes' };
    Reflect.set(headers, 'x-unset', undefined);
    await httpFetch(base, { headers });
    expect(seen['x-set']).toBe('yes');
    expect(seen).not.toHaveProperty('x-unset');
  });

  it('gives each part of a streamed body as it arrives', async () => {
    let finish: (() => void) | undefined;
    const base = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: one\n\n');
      finish = () => response.end('data: two\n\n');
    });
    const response = await httpFetch(base, { method: 'POST', body: '{}' });
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(Buffer.from(first?.value ?? []).toString()).toBe('data: one\n\n');
    finish?.();
    const second = await reader?.read();
    expect(Buffer.from(second?.value ?? []).toString()).toBe('data: two\n\n');
    expect((await reader?.read())?.done).toBe(true);
  });

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ] as const)('decodes a %s body', async (encoding, encode) => {
    const base = await serve((_request, response) => {
      response.writeHead(400, { 'content-encoding': encoding });
      response.end(encode('{"error":{"message":"bad"}}'));
    });
    const response = await httpFetch(base);
    expect(response.ok).toBe(false);
    expect(await response.text()).toBe('{"error":{"message":"bad"}}');
  });

  it('fails to connect as fetch does: TypeError "fetch failed" with the cause', async () => {
    const base = await serve(() => undefined);
    server?.close();
    await once(server ?? createServer(), 'close');
    const failure: unknown = await httpFetch(base).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as Error).message).toBe('fetch failed');
    expect(((failure as Error).cause as { code?: string }).code).toBe('ECONNREFUSED');
  });

  it("ends on an abort with the signal's reason, before the answer and while it streams", async () => {
    const base = await serve((_request, response) => {
      response.writeHead(200);
      response.write('part');
    });
    const early = new AbortController();
    early.abort();
    await expect(httpFetch(base, { signal: early.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    const late = new AbortController();
    const response = await httpFetch(base, { signal: late.signal });
    const reader = response.body?.getReader();
    await reader?.read();
    late.abort();
    await expect(reader?.read()).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('errors the body as fetch does when the connection breaks mid-reply', async () => {
    const base = await serve((_request, response) => {
      response.writeHead(200);
      response.write('half');
      setTimeout(() => response.socket?.destroy(), 20);
    });
    const response = await httpFetch(base);
    const failure: unknown = await readAll(response.body).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as Error).message).toBe('terminated');
  });

  it('leaves a redirect to the built-in fetch, which follows it', async () => {
    const base = await serve((request, response) => {
      if (request.url === '/old') {
        response.writeHead(307, { location: '/new' });
        response.end();
        return;
      }
      response.end(`at ${request.url} with ${request.method}`);
    });
    const response = await httpFetch(`${base}/old`, { method: 'POST', body: 'x' });
    expect(await response.text()).toBe('at /new with POST');
  });
});
