// Bedrock's streamed reply is AWS's binary event stream (application/vnd.amazon.eventstream), not
// SSE: frames of [total length, headers length, prelude CRC, headers, payload, CRC]. A `chunk`
// event's payload is `{"bytes": base64}`, whose text is one event of Anthropic's stream as the
// Messages API sends it; an `exception` frame (`:exception-type`) or an `error` frame ends the
// stream with AWS's message. This turns the frames back into the SSE Anthropic's provider
// parses — `event: <type>\ndata: <json>\n\n`, an exception as Anthropic's `event: error` — so
// the provider and its one-stage parse take the stream unchanged. Frames are decoded (CRCs
// checked) by @smithy/core's EventStreamCodec, the AWS SDK's own.
import type { EventStreamCodec } from '@smithy/core/event-streams';
import { isRecord } from '@wave-agent/shared-protocol';
import { bedrockErrorEvent } from './bedrock-errors.js';

/** A frame holds at least its prelude (12 bytes) and its CRC (4); AWS caps one at 16 MB. */
const MIN_FRAME = 16;
const MAX_FRAME = 16 * 1024 * 1024;

const encoder = new TextEncoder();

/** The codec, loaded with the model (bedrock-fetch.ts). */
export async function loadEventStreamCodec(): Promise<EventStreamCodec> {
  const { EventStreamCodec } = await import('@smithy/core/event-streams');
  return new EventStreamCodec(
    (bytes: Uint8Array) =>
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'),
    (text) => encoder.encode(text),
  );
}

function sseEvent(type: string, json: string): string {
  // JSON has no raw line breaks unless pretty-printed; then each line is one `data:` line.
  const data = json.includes('\n') ? json.split('\n').join('\ndata: ') : json;
  return `event: ${type}\ndata: ${data}\n\n`;
}

/** Anthropic's events begin with their type; anything else is parsed for it. */
const LEADING_TYPE = /^\s*\{\s*"type"\s*:\s*"([^"\\]+)"/;

function eventType(json: string): string {
  const leading = LEADING_TYPE.exec(json)?.[1];
  if (leading !== undefined) return leading;
  const value: unknown = JSON.parse(json);
  if (isRecord(value) && typeof value['type'] === 'string') return value['type'];
  throw new Error(`Bedrock sent an event without a "type": ${json.slice(0, 200)}`);
}

function headerText(headers: Record<string, { value: unknown }>, name: string): string | undefined {
  const value = headers[name]?.value;
  return typeof value === 'string' ? value : undefined;
}

/** One decoded frame as SSE text: an Anthropic event, an error event, or nothing. */
function frameToSse(codec: EventStreamCodec, frame: Uint8Array): string {
  const { headers, body } = codec.decode(frame);
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  const messageType = headerText(headers, ':message-type');
  if (messageType === 'exception' || messageType === 'error') {
    const name =
      headerText(headers, ':exception-type') ?? headerText(headers, ':error-code') ?? 'error';
    const said = messageFrom(text) ?? headerText(headers, ':error-message') ?? text;
    return sseEvent('error', JSON.stringify(bedrockErrorEvent(name, said)));
  }
  if (headerText(headers, ':event-type') !== 'chunk') return '';
  const payload: unknown = JSON.parse(text);
  if (!isRecord(payload) || typeof payload['bytes'] !== 'string') {
    throw new Error(`Bedrock sent a chunk without its "bytes": ${text.slice(0, 200)}`);
  }
  const json = Buffer.from(payload['bytes'], 'base64').toString('utf8');
  return sseEvent(eventType(json), json);
}

function messageFrom(text: string): string | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (isRecord(value) && typeof value['message'] === 'string') return value['message'];
    if (isRecord(value) && typeof value['Message'] === 'string') return value['Message'];
  } catch {
    // Not JSON: the caller says the text as it is.
  }
  return undefined;
}

/**
 * Bytes of AWS's event stream in (cut anywhere), SSE bytes out: each read gives the events of
 * the frames it completed, a frame cut across reads waits for its rest.
 */
export function eventStreamToSse(
  codec: EventStreamCodec,
): TransformStream<Uint8Array, Uint8Array<ArrayBuffer>> {
  let pending: Uint8Array = new Uint8Array(0);
  return new TransformStream({
    transform(chunk, controller) {
      pending = pending.byteLength === 0 ? chunk : concat(pending, chunk);
      let sse = '';
      let offset = 0;
      while (pending.byteLength - offset >= 4) {
        const view = new DataView(pending.buffer, pending.byteOffset + offset, 4);
        const length = view.getUint32(0, false);
        if (length < MIN_FRAME || length > MAX_FRAME) {
          throw new Error(
            `Bedrock's reply is not an AWS event stream (a frame of ${length} bytes); a proxy in between may have changed it.`,
          );
        }
        if (pending.byteLength - offset < length) break;
        sse += frameToSse(codec, pending.subarray(offset, offset + length));
        offset += length;
      }
      pending = pending.subarray(offset);
      if (sse !== '') controller.enqueue(encoder.encode(sse));
    },
    flush() {
      if (pending.byteLength > 0) {
        throw new Error(
          `Bedrock's event stream ended inside a frame (${pending.byteLength} bytes left over).`,
        );
      }
    },
  });
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.byteLength + b.byteLength);
  joined.set(a, 0);
  joined.set(b, a.byteLength);
  return joined;
}
