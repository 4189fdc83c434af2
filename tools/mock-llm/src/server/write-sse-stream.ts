// Writes SSE events to a response: batched when there is no delay (one socket write per ~64 KB,
// no timer per event), paced when there is one, always honouring backpressure, with at most one
// stream fault injected at its event count.
import type { ServerResponse } from 'node:http';
import type { Fault } from '../scenario/scenario-types.js';
import type { SseFaultFrames } from '../wire/fault-frames.js';
import { pause, waitForDrain, writeAndFlush } from './socket-waits.js';

export type StreamFault = Exclude<Fault, { kind: 'http' }>;

export interface SseStreamOptions {
  delayMs: number;
  fault: StreamFault | undefined;
  faultFrames: SseFaultFrames;
  signal: AbortSignal;
  /** Resolves when the test releases a `hold`. */
  waitForRelease: () => Promise<void>;
}

const batchChars = 64 * 1024;
const defaultSplitPauseMs = 25;

/** Where in a UTF-8 buffer to cut so that one multi-byte character lands in two writes, or -1. */
export function splitInsideCharacter(bytes: Buffer): number {
  for (let i = 0; i < bytes.length; i++) {
    // 0b11xxxxxx starts a multi-byte sequence; cutting right after it splits the character.
    if ((bytes[i] ?? 0) >= 0xc0) return i + 1;
  }
  return -1;
}

class SseSink {
  private pending = '';

  constructor(
    private readonly res: ServerResponse,
    private readonly signal: AbortSignal,
  ) {}

  async push(frame: string): Promise<void> {
    this.pending += frame;
    if (this.pending.length >= batchChars) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.pending === '') return;
    const data = this.pending;
    this.pending = '';
    if (!this.res.write(data)) await waitForDrain(this.res, this.signal);
  }

  /** Flushes and waits until the kernel has the bytes, so a destroy right after cannot lose them. */
  async settle(): Promise<void> {
    const data = this.pending;
    this.pending = '';
    await writeAndFlush(this.res, data, this.signal);
  }

  async pushSplit(frame: string, pauseMs: number): Promise<void> {
    const bytes = Buffer.from(frame, 'utf8');
    const cut = splitInsideCharacter(bytes);
    if (cut === -1) {
      await this.push(frame);
      return;
    }
    await this.settle();
    await writeAndFlush(this.res, bytes.subarray(0, cut), this.signal);
    // The pause makes the client read the first half on its own before the rest arrives.
    await pause(pauseMs, this.signal);
    await writeAndFlush(this.res, bytes.subarray(cut), this.signal);
  }
}

/** Applies a fault once `written` events are out; returns true when the stream must stop here. */
async function injectFault(
  res: ServerResponse,
  sink: SseSink,
  fault: StreamFault,
  options: SseStreamOptions,
): Promise<boolean> {
  switch (fault.kind) {
    case 'reset':
      await sink.settle();
      res.socket?.destroy();
      return true;
    case 'stall':
      await sink.settle();
      await pause(fault.stallMs, options.signal);
      if (fault.then === 'end') res.end();
      else res.socket?.destroy();
      return true;
    case 'malformed':
      await sink.push(
        fault.line === undefined ? options.faultFrames.malformed : `${fault.line}\n\n`,
      );
      return false;
    case 'stream-error':
      await sink.push(options.faultFrames.streamError(fault));
      await sink.flush();
      res.end();
      return true;
    case 'hold':
      await sink.settle();
      await options.waitForRelease();
      return false;
    case 'split-utf8':
      return false;
  }
}

export async function writeSseStream(
  res: ServerResponse,
  frames: Iterable<string>,
  options: SseStreamOptions,
): Promise<void> {
  const sink = new SseSink(res, options.signal);
  const { fault, delayMs, signal } = options;
  const faultAt = fault && fault.kind !== 'split-utf8' ? (fault.afterChunks ?? 0) : -1;
  const splitPauseMs = fault?.kind === 'split-utf8' ? (fault.pauseMs ?? defaultSplitPauseMs) : -1;
  let written = 0;
  for (const frame of frames) {
    if (written === faultAt && fault && (await injectFault(res, sink, fault, options))) return;
    if (delayMs > 0 && written > 0) {
      await sink.flush();
      await pause(delayMs, signal);
    }
    if (splitPauseMs >= 0) await sink.pushSplit(frame, splitPauseMs);
    else await sink.push(frame);
    written += 1;
  }
  // A fault placed after the last event still happens, at the very end.
  if (fault && faultAt >= written && (await injectFault(res, sink, fault, options))) return;
  await sink.flush();
  res.end();
}
