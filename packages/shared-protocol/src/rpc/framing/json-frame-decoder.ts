// What a frame's JSON must be: one JSON-RPC 2.0 message. A body that is JSON but not a JSON-RPC
// message is named in a FrameError, so the bridge can answer with the error JSON-RPC prescribes (-32700 / -32600, id null when none
// can be read) and go on serving.
import { errorText } from '../../values/error-text.js';
import { isRecord } from '../../values/is-record.js';
import { RPC_ERROR_CODES } from '../error-codes.js';

/** One JSON-RPC 2.0 message, its shape checked (its params and result are the peer's to read). */
export type JsonRpcMessage = Readonly<Record<string, unknown>>;

export type FrameId = string | number | null;

export class FrameError extends Error {
  override readonly name = 'FrameError';

  constructor(
    readonly code: typeof RPC_ERROR_CODES.parseError | typeof RPC_ERROR_CODES.invalidRequest,
    message: string,
    /** The request's id when it could be read, so the error answers that request. */
    readonly id: FrameId = null,
  ) {
    super(message);
  }
}

function isFrameId(value: unknown): value is FrameId {
  return typeof value === 'string' || typeof value === 'number' || value === null;
}

/** Why `value` is not a JSON-RPC 2.0 message, or undefined when it is one. */
function problemOf(value: Record<string, unknown>): string | undefined {
  if (value.jsonrpc !== '2.0') return 'its "jsonrpc" member must be "2.0"';
  if ('id' in value && !isFrameId(value.id)) return 'its "id" must be a string, a number or null';
  if ('method' in value) {
    return typeof value.method === 'string' ? undefined : 'its "method" must be a string';
  }
  if ('result' in value || 'error' in value) return undefined;
  return 'it has no "method" (a request or notification) and no "result" or "error" (a response)';
}

/** The JSON-RPC message a frame's JSON holds; a FrameError says why it holds none. */
export function messageFromFrame(value: unknown): JsonRpcMessage {
  if (!isRecord(value)) {
    throw new FrameError(
      RPC_ERROR_CODES.invalidRequest,
      `The frame's body is JSON but not a JSON-RPC 2.0 object (batches are not supported). Send one request object per frame.`,
    );
  }
  if (problemOf(value) === undefined) return value;
  const id = isFrameId(value.id) ? value.id : null;
  throw new FrameError(
    RPC_ERROR_CODES.invalidRequest,
    `The frame's body is not a JSON-RPC 2.0 message: ${problemOf(value)}. Fix the message and send it again.`,
    id,
  );
}

/** A frame's body text as a message (JSON first, then JSON-RPC). */
export function parseFrameBody(text: string): JsonRpcMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = errorText(error);
    throw new FrameError(
      RPC_ERROR_CODES.parseError,
      `The frame's body is not valid JSON (${reason}). Send one JSON-RPC 2.0 object per frame; the bridge ignored this frame and goes on serving.`,
    );
  }
  return messageFromFrame(value);
}
