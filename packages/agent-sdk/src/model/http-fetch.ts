// The fetch the providers are given for model calls: Node's own http/https client under the
// Fetch API's shape. Node's fetch (undici) spends per network read of a streamed reply more than
// all the rest of a plain client does: its HTTP parser in WebAssembly, a byte stream with its
// own pull loop and promises, then the web stream it hands on (issue 27: the floor client, which
// reads fetch's body with a plain for-await, spent about 0.42 s of CPU on the 2,000-chunk reply
// where the same reading over node:http spent 0.24 s). Here each read of the socket becomes one chunk
// of a plain ReadableStream, read by the provider as before.
//
// It answers what fetch answers for what the providers send (a string body or none, over http
// or https): the same Response, the same errors (a TypeError "fetch failed" with the cause when
// the request cannot be made, "terminated" when the body breaks off, the signal's reason on an
// abort), without loading undici (http-response.ts). Anything else — another body type, a
// redirect to follow — goes to the platform's fetch.
import http from 'node:http';
import type { IncomingMessage } from 'node:http';
import https from 'node:https';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';
import { HttpHeaders, HttpResponse } from './http-response.js';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Statuses whose Response may not have a body (the Fetch API refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * What fetch rejects with on an abort: the signal's reason as it was given (Wave's turn loop
 * tells a stall from the user's abort by it), or the standard AbortError.
 */
function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason === undefined) return new DOMException('This operation was aborted', 'AbortError');
  // Any value may be a reason; fetch passes it on unchanged, and so does this.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
  return reason as Error;
}

/**
 * The request's headers, names in lower case (as Headers keeps them, so a default is replaced,
 * never sent twice). A Headers object is told by its shape: reading the global Headers would
 * load undici (http-response.ts).
 */
export function headerRecord(headers: RequestInit['headers']): Record<string, string> {
  const record: Record<string, string> = {};
  if (headers === undefined) return record;
  const add = (value: unknown, name: string) => {
    if (typeof value === 'string') record[name.toLowerCase()] = value;
  };
  if (Array.isArray(headers)) for (const [name, value] of headers) add(value, name ?? '');
  else if (typeof headers.forEach === 'function') headers.forEach(add);
  else for (const [name, value] of Object.entries(headers)) add(value, name);
  return record;
}

/** The body as sent, decoded as fetch decodes it (fetch asks for compression; this does not). */
function decoded(response: IncomingMessage): Readable {
  switch (response.headers['content-encoding']?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(createGunzip());
    case 'deflate':
      return response.pipe(createInflate());
    case 'br':
      return response.pipe(createBrotliDecompress());
    default:
      return response;
  }
}

/** A body that broke off, as fetch reports it. */
function terminated(cause: unknown): TypeError {
  return new TypeError('terminated', { cause });
}

/** Each read of the socket as one chunk; the socket waits while the reader has enough. */
function bodyStream(
  response: IncomingMessage,
  signal: AbortSignal | undefined,
): ReadableStream<Uint8Array<ArrayBuffer>> {
  const source = decoded(response);
  let finished = false;
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(controller) {
      const fail = (error: unknown) => {
        if (finished) return;
        finished = true;
        controller.error(signal?.aborted ? abortReason(signal) : terminated(error));
      };
      // A socket's (or zlib's) chunks are Buffers over a plain ArrayBuffer, never a shared one.
      source.on('data', (chunk: Buffer<ArrayBuffer>) => {
        controller.enqueue(chunk);
        if ((controller.desiredSize ?? 0) <= 0) source.pause();
      });
      source.on('end', () => {
        if (finished) return;
        // A connection closed before the body was whole ends without an error on some paths.
        if (!response.complete) {
          fail(new Error('other side closed'));
          return;
        }
        finished = true;
        controller.close();
      });
      source.on('error', fail);
      if (source !== response) response.on('error', fail);
      response.on('close', () => {
        if (!response.complete) fail(new Error('other side closed'));
      });
    },
    pull() {
      source.resume();
    },
    cancel() {
      finished = true;
      response.destroy();
    },
  });
}

/** What a provider's request may say; a request that says anything else goes to fetch. */
const KNOWN_INIT_KEYS = new Set(['method', 'headers', 'body', 'signal']);

function isPlainRequest(init: RequestInit | undefined): boolean {
  if (init === undefined) return true;
  for (const key of Object.keys(init)) {
    if (!KNOWN_INIT_KEYS.has(key) && Reflect.get(init, key) !== undefined) return false;
  }
  return init.body == null || typeof init.body === 'string';
}

export const httpFetch: typeof fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : undefined;
  const client = url?.startsWith('https:') ? https : url?.startsWith('http:') ? http : undefined;
  if (url === undefined || client === undefined || !isPlainRequest(init)) {
    return fetch(input, init);
  }
  const body = typeof init?.body === 'string' ? init.body : undefined;
  const method = init?.method ?? 'GET';
  const signal = init?.signal ?? undefined;
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    // fetch's default; the providers set their own content type and user agent.
    const headers: Record<string, string> = { accept: '*/*', ...headerRecord(init?.headers) };
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const request = client.request(url, { method, headers });
    let answered = false;
    const onAbort = () => {
      request.destroy();
      if (!answered) {
        answered = true;
        reject(abortReason(signal!));
      }
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    request.on('error', (error) => {
      if (answered) return;
      answered = true;
      signal?.removeEventListener('abort', onAbort);
      reject(new TypeError('fetch failed', { cause: error }));
    });
    request.on('response', (response) => {
      answered = true;
      response.once('close', () => signal?.removeEventListener('abort', onAbort));
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status) && response.headers.location !== undefined) {
        // Followed as the Fetch API says, by the platform's fetch.
        response.resume();
        fetch(input, init).then(resolve, reject);
        return;
      }
      const nullBody = NULL_BODY.has(status) || method === 'HEAD';
      if (nullBody) {
        // Nothing of it is read; a connection that breaks now concerns no one.
        response.on('error', () => undefined);
        response.resume();
      }
      resolve(
        new HttpResponse(nullBody ? null : bodyStream(response, signal), {
          status,
          statusText: response.statusMessage ?? '',
          headers: new HttpHeaders(response.rawHeaders),
          url,
        }),
      );
    });
    request.end(body);
  });
};
