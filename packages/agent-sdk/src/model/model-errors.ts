// Classifies what went wrong talking to a model: retry (and when), or give up with a sentence.
import { APICallError } from '@ai-sdk/provider';
import { errorText } from '@wave-agent/shared-protocol';

/**
 * An error the provider reported inside a stream that had started (OpenAI's `{"error":…}` data
 * line, Anthropic's `event: error`, OpenRouter's error chunk, vLLM's error object): its own
 * message and, when it gave them, its error type and code.
 */
interface ReportedError {
  readonly message: string;
  readonly type?: string;
  readonly code?: string | number;
}

function recordOf(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' ? { ...value } : undefined;
}

/**
 * The provider's error object inside whatever the AI SDK throws for an error part: the object
 * itself (it is not an Error), one nested under `error`, or, for a shape the SDK's schema does
 * not know (vLLM's), the raw chunk its validation error keeps as `value`.
 */
function reportedError(value: unknown, depth = 0): ReportedError | undefined {
  const record = recordOf(value);
  if (record === undefined || depth > 3) return undefined;
  const nested = recordOf(record['error']);
  if (nested !== undefined) return reportedError(nested, depth + 1);
  // A spread keeps own enumerable fields only; the validation error's `value` is one of them.
  if (value instanceof Error) return reportedError(record['value'], depth + 1);
  const { message, type, code } = record;
  if (typeof message !== 'string') return undefined;
  return {
    message,
    ...(typeof type === 'string' ? { type } : {}),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
  };
}

/** A server saying "not now" (overloaded, internal error, rate limit), as opposed to "never". */
function isServerSide(type: string | undefined, code: string | number | undefined): boolean {
  if (typeof code === 'number') return code >= 500 || code === 429 || code === 408;
  const words = `${type ?? ''} ${code ?? ''}`;
  return /server|overload|internal|unavailable|timeout|rate.?limit|api_error|capacity|disconnect/i.test(
    words,
  );
}

function withoutFinalStop(text: string): string {
  return text.trim().replace(/\.+$/, '');
}

/** The stream went quiet for longer than the idle timeout. */
export class StreamStallError extends Error {
  override readonly name = 'StreamStallError';
  constructor(readonly idleMs: number) {
    super(`The model stream sent nothing for ${Math.round(idleMs / 1000)}s.`);
  }
}

export interface ErrorClass {
  /** Worth another try: rate limits, overload, server errors, broken or stalled streams. */
  readonly retryable: boolean;
  /** The server's own wait, from `retry-after` / `retry-after-ms`, in ms. */
  readonly retryAfterMs?: number;
  /** What the user reads. */
  readonly message: string;
  /** What happened, as the start of a notice ("The model API is rate limited"). */
  readonly headline: string;
  /** The response had started and then broke or went silent (as opposed to an HTTP error). */
  readonly brokenStream: boolean;
  /** The model is overloaded or unavailable (529, 503, `overloaded_error`): another may answer. */
  readonly unavailable?: boolean;
}

const UNAVAILABLE_WORDS = /overload|unavailable/i;

function headerValue(
  headers: Record<string, string> | undefined,
  name: string,
): string | undefined {
  if (!headers) return undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key ? headers[key] : undefined;
}

export function retryAfterMs(
  headers: Record<string, string> | undefined,
  now = Date.now(),
): number | undefined {
  const ms = headerValue(headers, 'retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headerValue(headers, 'retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function providerMessage(error: APICallError): string {
  // Both APIs put a human sentence at error.message in the body; fall back to the SDK's text.
  const body: unknown = error.data;
  if (body && typeof body === 'object' && 'error' in body) {
    const inner: unknown = body.error;
    if (
      inner &&
      typeof inner === 'object' &&
      'message' in inner &&
      typeof inner.message === 'string'
    ) {
      return inner.message;
    }
  }
  return error.message;
}

function headlineFor(status: number | undefined): string {
  if (status === 429) return 'The model API is rate limited';
  if (status === 529 || status === 503) return 'The model API is overloaded';
  if (status !== undefined && status >= 500) return `The model API had a server error (${status})`;
  if (status !== undefined) return `The model API refused the request (${status})`;
  return 'The model API could not be reached';
}

export function classifyModelError(error: unknown): ErrorClass {
  if (error instanceof StreamStallError) {
    return {
      retryable: true,
      message: error.message,
      headline: 'The model stream stalled',
      brokenStream: true,
    };
  }
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status !== undefined && status < 300) {
      // The response started well and then broke (reset, malformed data): a broken stream.
      const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
      return {
        retryable: true,
        message: `The model stream broke${cause}`,
        headline: 'The model stream broke',
        brokenStream: true,
      };
    }
    const retryable =
      status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;
    const wait = retryAfterMs(error.responseHeaders);
    const prefix = status
      ? `The model API answered ${status}`
      : 'The model API could not be reached';
    const said = providerMessage(error);
    return {
      retryable,
      ...(wait !== undefined ? { retryAfterMs: wait } : {}),
      message: `${prefix}: ${said}`,
      headline: `${headlineFor(status)}: ${withoutFinalStop(said)}`,
      brokenStream: false,
      ...(status === 529 || status === 503 || UNAVAILABLE_WORDS.test(said)
        ? { unavailable: true }
        : {}),
    };
  }
  const reported = reportedError(error);
  if (reported !== undefined) {
    const retryable = isServerSide(reported.type, reported.code);
    const label = reported.type ?? (reported.code === undefined ? '' : String(reported.code));
    return {
      retryable,
      message: `The model API reported an error${label ? ` (${label})` : ''}: ${reported.message}`,
      headline: `The model API reported an error in its stream: ${withoutFinalStop(reported.message)}`,
      brokenStream: retryable,
      ...(UNAVAILABLE_WORDS.test(`${label} ${reported.message}`) ? { unavailable: true } : {}),
    };
  }
  const message = errorText(error);
  // Broken connections and malformed streams surface as plain errors from fetch or the parser.
  const transient =
    /terminated|socket|ECONNRESET|ECONNREFUSED|EPIPE|fetch failed|network|JSON|parse|stream/i.test(
      message,
    );
  return {
    retryable: transient,
    message: `The model stream failed: ${message}`,
    headline: 'The model stream broke',
    brokenStream: transient,
  };
}
