// Reads JSON-RPC messages from a byte stream in Content-Length frames, through FrameParser: the
// one reader of that framing, for both ends of `wave --stdio` (the bridge reads its host's
// stdin, a host's child-process link reads the bridge's stdout). A frame that cannot be read
// becomes a FrameError (the bridge answers it with a parse error and goes on); a body whose
// JSON is complete but shorter than its Content-Length is given up on after a quiet moment
// instead of waiting forever for bytes that will not come. Input that is bare JSON from the
// first byte comes from a writer that does not frame at all: no header will ever come to
// resynchronise on, so the reader says so and ends (the bridge then exits non-zero).
import { RPC_ERROR_CODES } from '../error-codes.js';
import { FRAMING_HINT, FrameParser, MAX_FRAME_BYTES } from './frame-parser.js';
import type { FrameEvent } from './frame-parser.js';
import { FrameError, messageFromFrame } from './json-frame-decoder.js';
import type { JsonRpcMessage } from './json-frame-decoder.js';

export const PARTIAL_FRAME_TIMEOUT_MS = 2000;

export interface FrameReaderOptions {
  readonly maxFrameBytes?: number;
  /** How long a body whose JSON is already complete may wait for the rest of its length. */
  readonly partialFrameTimeoutMs?: number;
}

export interface FrameListeners {
  /** Each message, in order, in the turn its last byte arrived. */
  readonly onMessage: (message: JsonRpcMessage) => void;
  /** A frame that could not be read (skipped; the reader goes on). */
  readonly onFrameError: (error: FrameError) => void;
  /** The stream itself failed (it ends too). */
  readonly onStreamError: (error: Error) => void;
  /** The input ended; `fatalProblem` says whether badly. Called once. */
  readonly onEnd: () => void;
}

export class FrameReader {
  private readonly parser: FrameParser;
  private readonly partialFrameTimeoutMs: number;
  private listeners: FrameListeners | undefined;
  private stopListening: (() => void) | undefined;
  private framesRead = 0;
  private timer: NodeJS.Timeout | undefined;
  private ended = false;
  /** Why the input could not be used, when the bridge should exit non-zero; a sentence. */
  private failure: string | undefined;

  constructor(
    private readonly input: NodeJS.ReadableStream,
    options: FrameReaderOptions = {},
  ) {
    this.parser = new FrameParser(options.maxFrameBytes ?? MAX_FRAME_BYTES);
    this.partialFrameTimeoutMs = options.partialFrameTimeoutMs ?? PARTIAL_FRAME_TIMEOUT_MS;
  }

  /** Set when the input ended badly or could never be read: what to say before exiting non-zero. */
  get fatalProblem(): string | undefined {
    return this.failure;
  }

  listen(listeners: FrameListeners): void {
    this.listeners = listeners;
    const onData = (chunk: Buffer | string): void =>
      this.onData(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
    const onEnd = (): void => this.finish();
    // Stays attached after the end: an error nobody listens to would end the process. Once the
    // reader has ended, whoever owns the stream reports what happened to it (a child's exit).
    const onError = (error: Error): void => {
      if (this.ended) return;
      listeners.onStreamError(error);
      this.finish();
    };
    this.input.on('data', onData);
    this.input.on('end', onEnd);
    this.input.on('close', onEnd);
    this.input.on('error', onError);
    this.stopListening = () => {
      this.input.off('data', onData);
      this.input.off('end', onEnd);
      this.input.off('close', onEnd);
    };
  }

  /** Stops reading without calling onEnd. */
  dispose(): void {
    this.ended = true;
    clearTimeout(this.timer);
    this.stopListening?.();
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
        if (!(error instanceof FrameError)) throw error;
        this.listeners?.onFrameError(error);
        return;
      }
      this.framesRead += 1;
      this.listeners?.onMessage(message);
      return;
    }
    if (event.bareJson && this.framesRead === 0) {
      this.failure = `The host sent JSON without Content-Length headers, so there is nothing to read messages by; the bridge stops. ${FRAMING_HINT} Newline-delimited JSON is not understood here.`;
      this.finish();
      return;
    }
    this.listeners?.onFrameError(new FrameError(RPC_ERROR_CODES.parseError, event.message));
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.timer);
    this.stopListening?.();
    const unread = this.parser.leftover;
    if (this.failure === undefined && unread > 0) {
      this.failure = `The input ended in the middle of a frame (${unread} bytes were never a whole message). ${FRAMING_HINT}`;
    }
    this.listeners?.onEnd();
  }
}
