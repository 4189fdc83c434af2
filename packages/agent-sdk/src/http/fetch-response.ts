// The Response that http-fetch.ts answers with: what the AI SDK reads of one (status, ok,
// headers, a web ReadableStream body, text/json) over a node:http IncomingMessage, built without
// touching the global Headers or Response, whose first use loads all of undici (issue 27).
import type { IncomingMessage } from 'node:http';
import * as zlib from 'node:zlib';
import { abortReason } from './abort-reason.js';

/** undici's body timeout: a reply silent this long fails as undici's would (retryable). */
export const BODY_TIMEOUT_MS = 300_000;

/** A fetch-shaped error with undici's code, so the AI SDK and model-errors.ts treat it alike. */
export function undiciError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/** The response's headers, read-only, as fetch's Headers lists them (lower-case, sorted). */
export class ResponseHeaders {
  readonly #values: ReadonlyMap<string, string>;

  constructor(raw: IncomingMessage['headers']) {
    const values = new Map<string, string>();
    for (const name of Object.keys(raw).sort()) {
      const value = raw[name];
      if (value !== undefined) values.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    this.#values = values;
  }

  get(name: string): string | null {
    return this.#values.get(name.toLowerCase()) ?? null;
  }

  has(name: string): boolean {
    return this.#values.has(name.toLowerCase());
  }

  forEach(callback: (value: string, name: string, headers: ResponseHeaders) => void): void {
    for (const [name, value] of this.#values) callback(value, name, this);
  }

  entries(): IterableIterator<[string, string]> {
    return this.#values.entries();
  }

  keys(): IterableIterator<string> {
    return this.#values.keys();
  }

  values(): IterableIterator<string> {
    return this.#values.values();
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.#values.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'Headers';
  }
}

/** The decoder for a Content-Encoding fetch decodes (flushed as data comes, as undici does). */
function decoderFor(encoding: string | undefined): NodeJS.ReadWriteStream | undefined {
  const flush = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip(flush);
    case 'deflate':
      return zlib.createInflate(flush);
    case 'br':
      return zlib.createBrotliDecompress({
        flush: zlib.constants.BROTLI_OPERATION_FLUSH,
        finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
      });
    default:
      return undefined;
  }
}

/**
 * The body as a byte stream that reads the message only as fast as its reader takes it. A
 * connection that breaks, or stays silent past BODY_TIMEOUT_MS, errors it as undici does
 * (TypeError "terminated" with the cause); an abort errors it with the signal's reason.
 */
function bodyStream(message: IncomingMessage, signal: AbortSignal | undefined): ReadableStream {
  const decoder = decoderFor(message.headers['content-encoding']);
  const source: NodeJS.ReadableStream = decoder ? message.pipe(decoder) : message;
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const fail = (error: unknown) => {
        if (done) return;
        done = true;
        controller.error(error);
        message.destroy();
      };
      const onAbort = () => fail(signal ? abortReason(signal) : undefined);
      if (signal?.aborted) {
        onAbort();
        return;
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      message.setTimeout(BODY_TIMEOUT_MS, () =>
        fail(
          new TypeError('terminated', {
            cause: undiciError('Body Timeout Error', 'UND_ERR_BODY_TIMEOUT'),
          }),
        ),
      );
      source.on('data', (chunk: Buffer) => {
        if (done) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) source.pause();
      });
      source.on('end', () => {
        if (done) return;
        done = true;
        signal?.removeEventListener('abort', onAbort);
        controller.close();
      });
      const broken = (cause: unknown) => fail(new TypeError('terminated', { cause }));
      message.on('aborted', () => broken(undiciError('other side closed', 'UND_ERR_SOCKET')));
      message.on('error', broken);
      decoder?.on('error', broken);
    },
    pull() {
      source.resume();
    },
    cancel() {
      done = true;
      message.destroy();
    },
  });
}

/** Statuses whose response has no body (fetch's null body statuses). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** What fetch answers for `message`; its body stream owns the message from here on. */
export function fetchResponse(
  message: IncomingMessage,
  url: string,
  signal: AbortSignal | undefined,
): FetchResponse {
  const status = message.statusCode ?? 0;
  const nullBody = NULL_BODY_STATUSES.has(status);
  if (nullBody) message.resume();
  return new FetchResponse(
    status,
    message.statusMessage ?? '',
    new ResponseHeaders(message.headers),
    nullBody ? null : bodyStream(message, signal),
    url,
  );
}

/** A fetch Response over node:http, for what reads one (the AI SDK's response handlers). */
export class FetchResponse {
  readonly ok: boolean;
  readonly redirected = false;
  readonly type = 'basic';
  #used = false;

  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly headers: ResponseHeaders,
    readonly body: ReadableStream<Uint8Array> | null,
    readonly url: string,
  ) {
    this.ok = status >= 200 && status <= 299;
  }

  get bodyUsed(): boolean {
    return this.#used;
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.bytes();
    const copy = new ArrayBuffer(bytes.byteLength);
    new Uint8Array(copy).set(bytes);
    return copy;
  }

  async bytes(): Promise<Uint8Array> {
    if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    if (this.body === null) return new Uint8Array(0);
    const chunks: Uint8Array[] = [];
    const reader = this.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks.push(read.value);
    }
    return Buffer.concat(chunks);
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
}
