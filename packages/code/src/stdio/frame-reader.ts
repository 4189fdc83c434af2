// The bridge's message reader: the host's bytes through FrameParser, as vscode-jsonrpc's
// MessageReader. A frame that cannot be read becomes a FrameError (the bridge answers it with a
// parse error and goes on); a body whose JSON is complete but shorter than its Content-Length is
// given up on after a quiet moment instead of waiting forever for bytes that will not come.
// Input that is bare JSON from the first byte comes from a host that does not frame at all: no
// header will ever come to resynchronise on, so the reader says so and ends, and the bridge
// exits non-zero.
import { AbstractMessageReader, Disposable } from 'vscode-jsonrpc/node.js';
import type { DataCallback } from 'vscode-jsonrpc/node.js';
import { RPC_ERROR_CODES } from '@wave-agent/shared-protocol';
import { FRAMING_HINT, FrameParser, MAX_FRAME_BYTES } from './frame-parser.js';
import type { FrameEvent } from './frame-parser.js';
import { FrameError, messageFromFrame } from './json-frame-decoder.js';

export const PARTIAL_FRAME_TIMEOUT_MS = 2000;

export interface FrameReaderOptions {
  readonly maxFrameBytes?: number;
  /** How long a body whose JSON is already complete may wait for the rest of its length. */
  readonly partialFrameTimeoutMs?: number;
}

export class FrameReader extends AbstractMessageReader {
  private readonly parser: FrameParser;
  private readonly partialFrameTimeoutMs: number;
  private callback: DataCallback | undefined;
  private framesRead = 0;
  private timer: NodeJS.Timeout | undefined;
  private ended = false;
  /** Why the input could not be used, when the bridge should exit non-zero; a sentence. */
  private failure: string | undefined;

  constructor(
    private readonly input: NodeJS.ReadableStream,
    options: FrameReaderOptions = {},
  ) {
    super();
    this.parser = new FrameParser(options.maxFrameBytes ?? MAX_FRAME_BYTES);
    this.partialFrameTimeoutMs = options.partialFrameTimeoutMs ?? PARTIAL_FRAME_TIMEOUT_MS;
  }

  /** Set when the input ended badly or could never be read: what to say before exiting non-zero. */
  get fatalProblem(): string | undefined {
    return this.failure;
  }

  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    const onData = (chunk: Buffer | string): void =>
      this.onData(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
    const onEnd = (): void => this.finish();
    const onError = (error: Error): void => this.fireError(error);
    this.input.on('data', onData);
    this.input.on('end', onEnd);
    this.input.on('close', onEnd);
    this.input.on('error', onError);
    return Disposable.create(() => {
      clearTimeout(this.timer);
      this.input.off('data', onData);
      this.input.off('end', onEnd);
      this.input.off('close', onEnd);
      this.input.off('error', onError);
    });
  }

  private onData(chunk: Buffer): void {
    if (this.ended) return;
    clearTimeout(this.timer);
    for (const event of this.parser.push(chunk)) {
      this.handle(event);
      if (this.ended) return;
    }
    this.timer = setTimeout(() => {
      const expired = this.parser.expireIncompleteBody();
      if (expired) this.handle(expired);
    }, this.partialFrameTimeoutMs);
    this.timer.unref();
  }

  private handle(event: FrameEvent): void {
    if (event.kind === 'frame') {
      let message;
      try {
        message = messageFromFrame(event.value);
      } catch (error) {
        this.fireError(error);
        return;
      }
      this.framesRead += 1;
      this.callback?.(message);
      return;
    }
    if (event.bareJson && this.framesRead === 0) {
      this.failure = `The host sent JSON without Content-Length headers, so there is nothing to read messages by; the bridge stops. ${FRAMING_HINT} Newline-delimited JSON is not understood here.`;
      this.finish();
      return;
    }
    this.fireError(new FrameError(RPC_ERROR_CODES.parseError, event.message));
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.timer);
    const unread = this.parser.leftover;
    if (this.failure === undefined && unread > 0) {
      this.failure = `The input ended in the middle of a frame (${unread} bytes were never a whole message). ${FRAMING_HINT}`;
    }
    this.fireClose();
  }
}
