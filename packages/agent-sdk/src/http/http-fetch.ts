// The fetch the model providers are given: a model request over node:http(s) instead of Node's
// built-in fetch. The built-in one is undici, loaded whole on its first use: a cold `wave -p`
// spent ~20 ms of its ~45 ms over the bare client between loading it and its first body byte,
// and a 2,000-chunk reply a quarter of its CPU in its parser and streams (issue 27). The
// providers send a JSON string to an http(s) URL and read status, headers and a byte stream:
// that is what this does, with undici's errors, timeouts and content decoding. Anything else
// (a redirect, a Request object, a body that is not bytes, another scheme) goes to the built-in
// fetch, which then does all of it as before.
import { createRequire } from 'node:module';
import type * as HttpModule from 'node:http';
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { abortReason } from './abort-reason.js';
import { type FetchResponse, fetchResponse, undiciError } from './fetch-response.js';

/** undici's headers timeout: no answer this long fails as undici's would (retryable). */
const HEADERS_TIMEOUT_MS = 300_000;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

type FetchInput = Parameters<typeof fetch>[0];
type FetchInit = NonNullable<Parameters<typeof fetch>[1]>;

/** The request's headers as node:http takes them, or undefined for a kind this does not read. */
function requestHeaders(headers: FetchInit['headers']): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  if (headers === undefined) return out;
  // Headers are told by their tag: naming the global Headers would load undici.
  if (Array.isArray(headers) || Object.prototype.toString.call(headers) === '[object Headers]') {
    return undefined;
  }
  for (const [name, value] of Object.entries(headers)) {
    // Typed as strings; a caller that builds the object may still leave a field undefined.
    if (value === undefined || value === null) continue;
    // fetch joins a name given twice (Content-Type and content-type); so does this.
    const key = name.toLowerCase();
    out[key] = out[key] === undefined ? String(value) : `${out[key]}, ${String(value)}`;
  }
  return out;
}

/** The body, when it is one this sends (bytes or text); null: none; undefined: another kind. */
function requestBody(body: FetchInit['body']): string | Uint8Array | null | undefined {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  return undefined;
}

/** What node:http needs for a request this sends itself, or undefined to leave it to fetch. */
function plainRequest(input: FetchInput, init: FetchInit) {
  const url = typeof input === 'string' ? new URL(input) : input instanceof URL ? input : undefined;
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    return undefined;
  if (init.redirect !== undefined && init.redirect !== 'follow') return undefined;
  const headers = requestHeaders(init.headers);
  const body = requestBody(init.body);
  if (headers === undefined || body === undefined) return undefined;
  const method = (init.method ?? 'GET').toUpperCase();
  // What undici adds when the request does not say (decoded in fetch-response.ts).
  headers.accept ??= '*/*';
  headers['accept-encoding'] ??= url.protocol === 'https:' ? 'br, gzip, deflate' : 'gzip, deflate';
  if (body !== null) headers['content-length'] = String(Buffer.byteLength(body));
  return { url, method, headers: headers satisfies OutgoingHttpHeaders, body };
}

/** A network failure as fetch rejects with it: TypeError "fetch failed", the cause attached. */
function fetchFailed(cause: unknown): TypeError {
  return new TypeError('fetch failed', { cause });
}

/**
 * node:http or node:https, loaded at the first request that needs it (https brings TLS). A
 * require, not import(): print mode's bundle runs as a script, where import() warns and fails.
 */
function requestFunction(protocol: string): typeof HttpModule.request {
  const name = protocol === 'https:' ? 'node:https' : 'node:http';
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- require() is untyped; this is Node's own module
  const loaded = createRequire(import.meta.url)(name) as Pick<typeof HttpModule, 'request'>;
  return loaded.request;
}

/** Sends the request; resolves with the response head, or with undefined for a redirect. */
function send(
  request: NonNullable<ReturnType<typeof plainRequest>>,
  signal: AbortSignal | undefined,
): Promise<IncomingMessage | undefined> {
  const open = requestFunction(request.url.protocol);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const outgoing = open(request.url, { method: request.method, headers: request.headers });
    const onAbort = () => {
      outgoing.destroy();
      if (signal) reject(abortReason(signal));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    const onHeadersTimeout = () =>
      outgoing.destroy(undiciError('Headers Timeout Error', 'UND_ERR_HEADERS_TIMEOUT'));
    outgoing.setTimeout(HEADERS_TIMEOUT_MS, onHeadersTimeout);
    outgoing.once('response', (message) => {
      settle();
      // From here the body's own timeout applies (fetch-response.ts).
      outgoing.removeListener('timeout', onHeadersTimeout);
      outgoing.setTimeout(0);
      const location = message.headers.location;
      if (REDIRECT_STATUSES.has(message.statusCode ?? 0) && location !== undefined) {
        message.resume();
        resolve(undefined);
        return;
      }
      resolve(message);
    });
    // `on`: a socket may fail again after the first error; each is this request's, not the process's.
    outgoing.on('error', (error) => {
      settle();
      reject(signal?.aborted ? abortReason(signal) : fetchFailed(error));
    });
    outgoing.end(request.body ?? undefined);
  });
}

/** fetch, for the model providers (the AI SDK's `fetch` setting). */
export async function httpFetch(input: FetchInput, init: FetchInit = {}): Promise<Response> {
  const request = plainRequest(input, init);
  const signal = init.signal ?? undefined;
  const message = request === undefined ? undefined : await send(request, signal);
  // A redirect, or a request of a kind this does not send: the built-in fetch does it all.
  if (request === undefined || message === undefined) return fetch(input, init);
  const response: FetchResponse = fetchResponse(message, request.url.href, signal);
  // The providers read what FetchResponse has; the type is fetch's, which it stands in for.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
  return response as unknown as Response;
}
