// Content-Length framing (as LSP and vscode-jsonrpc write it), read defensively: the host is a
// stranger. A frame is `Content-Length: <bytes>\r\n` (other headers allowed), a blank line, then
// exactly that many bytes of JSON. When a frame cannot be read (no or a garbage length, a length
// that does not match its body, bare JSON without headers, a frame above the limit), the parser
// reports it and resynchronises on the next `Content-Length:` header, so one bad frame costs one
// error, never the rest of the session. A frame above the limit is skipped without being kept.
// Pure: bytes in, frames and problems out; the reader around it owns the stream and the clock.

import { errorText } from '../../values/error-text.js';

export const MAX_FRAME_BYTES = 32 * 1024 * 1024;
/** Headers are a few dozen bytes; more than this without a blank line is not a header. */
const MAX_HEADER_BYTES = 8 * 1024;
const HEADER_NAME = 'content-length:';
const HEADER_END = Buffer.from('\r\n\r\n');

export const FRAMING_HINT =
  'wave --stdio expects each JSON-RPC message framed as `Content-Length: <bytes>\\r\\n\\r\\n<JSON>` (the LSP framing vscode-jsonrpc writes), with the length counted in bytes of UTF-8.';

export type FrameEvent =
  /** A frame whose body is JSON (not yet checked to be JSON-RPC). */
  | { readonly kind: 'frame'; readonly value: unknown }
  /** Bytes that could not be read as a frame; answered with a parse error (id null). */
  | { readonly kind: 'problem'; readonly message: string; readonly bareJson: boolean };

type State =
  | { readonly name: 'header' }
  | { readonly name: 'body'; readonly length: number }
  /** Looking for the next header; everything before it is dropped. */
  | { readonly name: 'resync' };

function isSpace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0d || byte === 0x0a;
}

/** Where `Content-Length:` starts (any case) at or after `from`, or -1. */
function findHeaderStart(buffer: Buffer, from: number): number {
  const text = buffer.toString('latin1').toLowerCase();
  return text.indexOf(HEADER_NAME, from);
}

function parseHeaders(block: string): { length?: number; problem?: string } {
  let length: number | undefined;
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0)
      return { problem: `the header line ${JSON.stringify(line)} is not "Name: value"` };
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name !== 'content-length') continue;
    if (!/^\d{1,15}$/.test(value)) {
      return { problem: `its Content-Length ${JSON.stringify(value)} is not a number of bytes` };
    }
    length = Number(value);
  }
  if (length === undefined) return { problem: 'it has no Content-Length header' };
  return { length };
}

export class FrameParser {
  private buffer = Buffer.alloc(0);
  /** Reads of a large body, joined once the body is complete (not once per read). */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private state: State = { name: 'header' };

  constructor(private readonly maxFrameBytes = MAX_FRAME_BYTES) {}

  /** Bytes received and not yet used, other than whitespace between frames. */
  get leftover(): number {
    this.joinPending();
    let start = 0;
    while (start < this.buffer.length && isSpace(this.buffer[start])) start += 1;
    return this.buffer.length - start;
  }

  push(chunk: Buffer): FrameEvent[] {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    const { state } = this;
    if (state.name === 'body' && this.buffer.length + this.pendingBytes < state.length) return [];
    this.joinPending();
    const events: FrameEvent[] = [];
    for (;;) {
      const before = this.buffer.length;
      const state = this.state.name;
      const event = this.step();
      if (event) events.push(event);
      if (!event && this.buffer.length === before && this.state.name === state) return events;
    }
  }

  /**
   * The body in progress is complete JSON and the rest never came: its Content-Length was
   * larger than the body (a length counted wrong). Reports it and looks for the next header.
   * Returns nothing when the partial body is not complete JSON (it is simply still arriving).
   */
  expireIncompleteBody(): FrameEvent | undefined {
    if (this.state.name !== 'body') return undefined;
    this.joinPending();
    const partial = this.buffer.toString('utf8');
    try {
      JSON.parse(partial);
    } catch {
      return undefined;
    }
    const { length } = this.state;
    this.dropTo(this.buffer.length);
    this.state = { name: 'resync' };
    return this.problem(
      `A frame announced ${length} bytes but its JSON ended after ${Buffer.byteLength(partial)} and nothing more came; it was dropped. Count the Content-Length in bytes of UTF-8, not characters.`,
    );
  }

  private step(): FrameEvent | undefined {
    switch (this.state.name) {
      case 'header':
        return this.readHeader();
      case 'body':
        return this.readBody(this.state.length);
      case 'resync':
        this.resync(0);
        return undefined;
    }
  }

  private readHeader(): FrameEvent | undefined {
    let start = 0;
    while (start < this.buffer.length && isSpace(this.buffer[start])) start += 1;
    this.dropTo(start);
    if (this.buffer.length === 0) return undefined;
    const first = this.buffer[0];
    if (first === 0x7b || first === 0x5b) {
      this.state = { name: 'resync' };
      this.resync(1);
      return {
        kind: 'problem',
        bareJson: true,
        message: `Received JSON without a Content-Length header; it was ignored. ${FRAMING_HINT} Newline-delimited JSON is not understood here.`,
      };
    }
    const end = this.buffer.indexOf(HEADER_END);
    if (end === -1) {
      if (this.buffer.length <= MAX_HEADER_BYTES) return undefined;
      return this.skipGarbage(
        `${MAX_HEADER_BYTES} bytes arrived without the blank line that ends the headers`,
      );
    }
    const block = this.buffer.toString('latin1', 0, end);
    const { length, problem } = parseHeaders(block);
    if (problem !== undefined || length === undefined) {
      return this.skipGarbage(problem ?? 'it has no Content-Length header');
    }
    this.dropTo(end + HEADER_END.length);
    if (length > this.maxFrameBytes) {
      this.state = { name: 'resync' };
      this.resync(0);
      return this.problem(
        `A frame announced ${length} bytes, above the limit of ${this.maxFrameBytes} bytes; it was skipped without being read. Send smaller messages.`,
      );
    }
    this.state = { name: 'body', length };
    return undefined;
  }

  private readBody(length: number): FrameEvent | undefined {
    if (this.buffer.length < length) return undefined;
    const body = this.buffer.toString('utf8', 0, length);
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch (error) {
      // Most likely the length is off (characters counted instead of bytes, one too many or
      // too few): the next header may start inside what was taken as this body.
      this.state = { name: 'resync' };
      this.resync(1);
      const reason = errorText(error);
      return this.problem(
        `The frame's body is not valid JSON (${reason}); it was dropped and the bridge goes on serving. Check that Content-Length counts the body's bytes of UTF-8 exactly, and send one JSON-RPC 2.0 object per frame.`,
      );
    }
    this.dropTo(length);
    this.state = { name: 'header' };
    return { kind: 'frame', value };
  }

  private skipGarbage(why: string): FrameEvent {
    this.state = { name: 'resync' };
    this.resync(1);
    return this.problem(
      `A frame could not be read: ${why}; the bytes up to the next Content-Length header were dropped. ${FRAMING_HINT}`,
    );
  }

  /** Drops everything before the next header at or after `from`, keeping a possible partial one. */
  private resync(from: number): void {
    const at = findHeaderStart(this.buffer, from);
    if (at !== -1) {
      this.dropTo(at);
      this.state = { name: 'header' };
      return;
    }
    // A header split across reads: keep just enough of the tail to recognise it.
    this.dropTo(Math.max(from, this.buffer.length - (HEADER_NAME.length - 1)));
  }

  private joinPending(): void {
    if (this.pending.length === 0) return;
    this.buffer = Buffer.concat([this.buffer, ...this.pending]);
    this.pending = [];
    this.pendingBytes = 0;
  }

  private dropTo(offset: number): void {
    if (offset > 0) this.buffer = this.buffer.subarray(offset);
  }

  private problem(message: string): FrameEvent {
    return { kind: 'problem', message, bareJson: false };
  }
}
