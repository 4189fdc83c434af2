// httpFetch answers what Node's fetch answers for what the providers send: each case runs both
// against the same real HTTP server and compares what a caller sees — status, headers, body,
// and the error (its type, message and cause) for a refused connection, a body cut off, an
// abort before and during the reply. A streamed body arrives chunk by chunk, before it ends.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorSeen } from '../test-support/fetch-error-seen.js';
import { httpFetch } from './http-fetch.js';

type Route = (request: IncomingMessage, body: string, response: ServerResponse) => void;

const routes: Record<string, Route> = {
  '/echo': (request, body, response) => {
    response.writeHead(201, 'Made', { 'content-type': 'application/json', 'x-extra': 'yes' });
    response.end(
      JSON.stringify({
        method: request.method,
        body,
        contentType: request.headers['content-type'],
        auth: request.headers.authorization,
        accept: request.headers.accept,
      }),
    );
  },
  '/error': (_request, _body, response) => {
    response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3' });
    response.end('{"error":{"message":"Slow down."}}');
  },
  '/stream': (_request, _body, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write('data: one\n\n');
    // The rest waits for the client to ask (/stream-more): the first chunk must arrive alone.
    pendingStreams.push(response);
  },
  '/stream-more': (_request, _body, response) => {
    for (const stream of pendingStreams.splice(0)) stream.end('data: two\n\n');
    response.end('ok');
  },
  '/cut': (_request, _body, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write('data: partial\n\n');
    setTimeout(() => response.socket?.destroy(), 20);
  },
  '/silent': (_request, _body, response) => {
    // Headers now, then nothing: the reply is aborted while its body is awaited.
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write('data: first\n\n');
  },
  '/never': () => {
    // No answer at all: the request is aborted before its response.
  },
  '/gzip': (_request, _body, response) => {
    response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
    response.end(gzipSync('unpacked text'));
  },
  '/moved': (_request, _body, response) => {
    response.writeHead(307, { location: '/echo' });
    response.end();
  },
  '/odd-status': (_request, _body, response) => {
    response.writeHead(999, 'Unheard of');
    response.end('?');
  },
  '/empty': (_request, _body, response) => {
    response.writeHead(204);
    response.end();
  },
};
const pendingStreams: ServerResponse[] = [];

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (text: string) => (body += text));
    request.on('end', () => routes[request.url ?? '']?.(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const IMPLEMENTATIONS = [
  ['fetch', fetch],
  ['httpFetch', httpFetch],
] as const;

interface Seen {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

async function seen(response: Response): Promise<Seen> {
  const headers = Object.fromEntries(
    [...response.headers].filter(([name]) => !['date', 'keep-alive', 'connection'].includes(name)),
  );
  return {
    status: response.status,
    statusText: response.statusText,
    headers,
    body: await response.text(),
  };
}

function bytesOf(value: unknown): Uint8Array {
  if (!(value instanceof Uint8Array)) throw new Error('The body gave something other than bytes.');
  return value;
}

async function both<T>(run: (fetchImpl: typeof fetch) => Promise<T>): Promise<[T, T]> {
  return [await run(fetch), await run(httpFetch)];
}

describe('httpFetch', () => {
  it('sends the method, headers and body, and gives back status, headers and body as fetch does', async () => {
    const [platform, ours] = await both(async (fetchImpl) =>
      seen(
        await fetchImpl(`${base}/echo`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', authorization: 'Bearer key' },
          body: '{"question":"é?"}',
        }),
      ),
    );
    expect(ours).toEqual(platform);
    expect(JSON.parse(ours.body)).toEqual({
      method: 'POST',
      body: '{"question":"é?"}',
      contentType: 'application/json',
      auth: 'Bearer key',
      accept: '*/*',
    });
  });

  it('gives an error status with its body and headers as fetch does', async () => {
    const [platform, ours] = await both(async (fetchImpl) =>
      seen(await fetchImpl(`${base}/error`, { method: 'POST', body: '{}' })),
    );
    expect(ours).toEqual(platform);
    expect(ours.status).toBe(429);
  });

  it('hands on each chunk of a streamed body as it arrives', async () => {
    const response = await httpFetch(`${base}/stream`, { method: 'POST', body: '{}' });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const first = await reader.read();
    expect(decoder.decode(bytesOf(first.value))).toBe('data: one\n\n');
    await (await httpFetch(`${base}/stream-more`)).text();
    let rest = '';
    for (let read = await reader.read(); !read.done; read = await reader.read())
      rest += decoder.decode(bytesOf(read.value), { stream: true });
    expect(rest).toBe('data: two\n\n');
  });

  it('fails a refused connection with the TypeError fetch gives, its cause attached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const [platform, ours] = await both((fetchImpl) =>
      fetchImpl(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}' }).then(
        () => 'answered',
        errorSeen,
      ),
    );
    expect(ours).toEqual(platform);
    expect(ours).toMatchObject({
      type: 'TypeError',
      message: 'fetch failed',
      cause: 'ECONNREFUSED',
    });
  });

  it('fails the read of a body cut off as fetch does ("terminated")', async () => {
    const [platform, ours] = await both(async (fetchImpl) => {
      const response = await fetchImpl(`${base}/cut`, { method: 'POST', body: '{}' });
      return response.text().then(
        () => 'whole',
        (error: unknown) => errorSeen(error).message,
      );
    });
    expect(ours).toBe(platform);
    expect(ours).toBe('terminated');
  });

  it.each(IMPLEMENTATIONS)(
    '%s rejects with the abort reason, before the response and while the body is read',
    async (_name, fetchImpl) => {
      const reason = new Error('stopped by the user');
      const early = new AbortController();
      const waiting = fetchImpl(`${base}/never`, {
        method: 'POST',
        body: '{}',
        signal: early.signal,
      });
      setTimeout(() => early.abort(reason), 20);
      await expect(waiting).rejects.toBe(reason);

      const late = new AbortController();
      const response = await fetchImpl(`${base}/silent`, {
        method: 'POST',
        body: '{}',
        signal: late.signal,
      });
      const reader = response.body!.getReader();
      await reader.read();
      setTimeout(() => late.abort(reason), 20);
      await expect(reader.read()).rejects.toBe(reason);

      const already = new AbortController();
      already.abort(reason);
      await expect(fetchImpl(`${base}/echo`, { signal: already.signal })).rejects.toBe(reason);
    },
  );

  it('decodes a compressed body, follows a redirect and gives a 204 no body, as fetch does', async () => {
    for (const path of ['/gzip', '/moved', '/empty']) {
      const [platform, ours] = await both(async (fetchImpl) =>
        seen(await fetchImpl(`${base}${path}`, { method: 'POST', body: 'x' })),
      );
      // fetch asks for compression and the server may answer without it: the text is what counts.
      const { headers: _ourHeaders, ...ourRest } = ours;
      const { headers: _platformHeaders, ...platformRest } = platform;
      expect(ourRest).toEqual(platformRest);
    }
  });

  it('hands on a status outside the usual range (999) as fetch does', async () => {
    const [platform, ours] = await both(async (fetchImpl) =>
      seen(await fetchImpl(`${base}/odd-status`, { method: 'POST', body: '{}' })),
    );
    expect(ours).toEqual(platform);
    expect(ours.status).toBe(999);
  });

  it('leaves requests it does not make (a Request object, another body type) to fetch', async () => {
    const request = new Request(`${base}/echo`, { method: 'POST', body: 'as a Request' });
    expect(JSON.parse(await (await httpFetch(request)).text())).toMatchObject({
      body: 'as a Request',
    });
    const bytes = new TextEncoder().encode('as bytes');
    const response = await httpFetch(`${base}/echo`, { method: 'POST', body: bytes });
    expect(JSON.parse(await response.text())).toMatchObject({ body: 'as bytes' });
  });
});
