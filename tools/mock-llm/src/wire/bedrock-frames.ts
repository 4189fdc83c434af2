// Claude on Amazon Bedrock's wire: Anthropic's stream events inside AWS's binary event stream
// (application/vnd.amazon.eventstream). Each event is a `chunk` frame whose payload is
// `{"bytes": base64 of the event's JSON, "p": padding}`; an exception mid-stream is a frame with
// `:message-type: exception` and `:exception-type`; a refused request is `{"message": …}` with its
// exception's name in `x-amzn-errortype`. Frames are encoded by @smithy/core's EventStreamCodec,
// the codec the AWS SDKs read them with.
import { EventStreamCodec } from '@smithy/core/event-streams';
import type { MessageHeaders } from '@smithy/core/event-streams';
import type { WireError } from './error-bodies.js';

const codec = new EventStreamCodec(
  (bytes: Uint8Array) =>
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'),
  (text) => new Uint8Array(Buffer.from(text, 'utf8')),
);

function text(value: string): { type: 'string'; value: string } {
  return { type: 'string', value };
}

function frame(headers: MessageHeaders, payload: unknown): Buffer {
  const body = new Uint8Array(Buffer.from(JSON.stringify(payload), 'utf8'));
  return Buffer.from(codec.encode({ headers, body }));
}

/** The JSON of an SSE event (`event: …\ndata: …\n\n`): its `data:` lines joined. */
function sseData(event: string): string {
  return event
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
    .join('\n');
}

/** Bedrock pads each payload to hide the event's length; any letters do. */
const PADDING = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** One Anthropic SSE event as Bedrock's `chunk` frame. */
export function bedrockChunkFrame(sseEvent: string, index: number): Buffer {
  const bytes = Buffer.from(sseData(sseEvent), 'utf8').toString('base64');
  return frame(
    {
      ':event-type': text('chunk'),
      ':content-type': text('application/json'),
      ':message-type': text('event'),
    },
    { bytes, p: PADDING.slice(0, 1 + (index % PADDING.length)) },
  );
}

/** An exception mid-stream, e.g. `throttlingException`, as Bedrock sends one. */
export function bedrockExceptionFrame(exceptionType: string, message: string): Buffer {
  return frame(
    {
      ':exception-type': text(exceptionType),
      ':content-type': text('application/json'),
      ':message-type': text('exception'),
    },
    { message },
  );
}

const EXCEPTION_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'ValidationException',
  403: 'AccessDeniedException',
  404: 'ResourceNotFoundException',
  408: 'ModelTimeoutException',
  424: 'ModelErrorException',
  429: 'ThrottlingException',
  500: 'InternalServerException',
  503: 'ServiceUnavailableException',
};

/** A refused request as Bedrock answers it: the body, and the exception's name for its header. */
export function bedrockErrorReply(error: WireError): { errorType: string; body: string } {
  const name =
    error.type ??
    EXCEPTION_BY_STATUS[error.status] ??
    (error.status >= 500 ? 'InternalServerException' : 'ValidationException');
  const message = error.message ?? `Request failed with status ${error.status} (mock-llm).`;
  return {
    errorType: `${name}:http://internal.amazon.com/coral/com.amazon.bedrock/`,
    body: JSON.stringify({ message }),
  };
}
