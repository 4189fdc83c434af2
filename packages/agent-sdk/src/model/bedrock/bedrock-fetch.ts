// Claude on Amazon Bedrock: the Anthropic provider's `POST {base}/messages`, sent as Claude Code
// sends it (@anthropic-ai/bedrock-sdk's request): to
// `https://bedrock-runtime.{region}.amazonaws.com/model/{model id}/invoke-with-response-stream`,
// the model and `stream` out of the body, `anthropic_version: "bedrock-2023-05-31"` in it, and the
// betas moved from the `anthropic-beta` header into its `anthropic_beta`; then authorized
// (bedrock-authorizer.ts). The reply's event stream is turned back into Anthropic's SSE
// (bedrock-event-stream.ts) and its errors into Anthropic's (bedrock-errors.ts), so the same
// patched provider parses it in one stage, as for `anthropic` and `vertex`.
import { headerRecord, httpFetch } from '../http-fetch.js';
import { HttpHeaders, HttpResponse } from '../http-response.js';
import type { EventStreamCodec } from '@smithy/core/event-streams';
import type { BedrockAuthorizer } from './bedrock-authorizer.js';
import { bedrockErrorBody } from './bedrock-errors.js';
import { eventStreamToSse } from './bedrock-event-stream.js';

export const BEDROCK_VERSION = 'bedrock-2023-05-31';

/** Bedrock's runtime endpoint of a region, or the base URL that replaces it (a proxy, a test's server). */
export function bedrockRuntimeURL(region: string, baseURL?: string): string {
  return (baseURL ?? `https://bedrock-runtime.${region}.amazonaws.com`).replace(/\/+$/, '');
}

type Fetch = typeof httpFetch;

export interface BedrockFetchOptions {
  readonly runtimeURL: string;
  readonly region: string;
  readonly authorize: BedrockAuthorizer;
  readonly codec: EventStreamCodec;
}

/** The Anthropic request's body for Bedrock, and where it goes. */
function bedrockRequest(
  runtimeURL: string,
  init: RequestInit | undefined,
): { url: URL; body: string; stream: boolean; headers: Record<string, string> } {
  const parsed: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
  if (typeof parsed !== 'object' || parsed === null || !('model' in parsed)) {
    throw new Error("Wave's Bedrock fetch got a request without a JSON body naming the model.");
  }
  const { model, stream, ...rest } = parsed as Record<string, unknown>;
  // The placeholder key, and the betas, which Bedrock takes in the body only.
  const {
    'x-api-key': _key,
    authorization: _placeholder,
    'anthropic-beta': betas,
    ...headers
  } = headerRecord(init?.headers);
  const anthropicBeta = (betas ?? '')
    .split(',')
    .map((beta) => beta.trim())
    .filter((beta) => beta !== '');
  const body = JSON.stringify({
    ...rest,
    anthropic_version: BEDROCK_VERSION,
    ...(anthropicBeta.length > 0 ? { anthropic_beta: anthropicBeta } : {}),
  });
  const method = stream === true ? 'invoke-with-response-stream' : 'invoke';
  const url = new URL(`${runtimeURL}/model/${encodeURIComponent(String(model))}/${method}`);
  headers['content-type'] = 'application/json';
  headers['accept'] = stream === true ? 'application/vnd.amazon.eventstream' : 'application/json';
  return { url, body, stream: stream === true, headers };
}

/** The reply's headers with another content type (and no length: the body is made anew). */
function headersWith(response: Response, contentType: string): HttpHeaders {
  const raw: string[] = [];
  response.headers.forEach((value, name) => {
    if (!['content-type', 'content-length', 'content-encoding'].includes(name))
      raw.push(name, value);
  });
  raw.push('content-type', contentType);
  return new HttpHeaders(raw);
}

function textStream(text: string): ReadableStream<Uint8Array<ArrayBuffer>> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
}

async function answer(
  response: Response,
  stream: boolean,
  options: BedrockFetchOptions,
): Promise<Response> {
  const init = { status: response.status, statusText: response.statusText, url: response.url };
  if (!response.ok) {
    const text = await response.text();
    const errorType = response.headers.get('x-amzn-errortype') ?? undefined;
    return new HttpResponse(
      textStream(bedrockErrorBody(response.status, errorType, text, options.region)),
      { ...init, headers: headersWith(response, 'application/json') },
    );
  }
  const eventStream = response.headers.get('content-type')?.includes('vnd.amazon.eventstream');
  if (!stream || !eventStream || response.body === null) return response;
  const sse = response.body.pipeThrough(eventStreamToSse(options.codec));
  return new HttpResponse(sse, {
    ...init,
    headers: headersWith(response, 'text/event-stream'),
  });
}

export function bedrockFetch(options: BedrockFetchOptions): Fetch {
  return async (_input, init) => {
    const request = bedrockRequest(options.runtimeURL, init);
    const headers = await options.authorize(request);
    const response = await httpFetch(request.url.href, { ...init, headers, body: request.body });
    return answer(response, request.stream, options);
  };
}
