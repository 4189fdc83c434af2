// The only waits a response makes: a pause, and room in the socket buffer. Both end early when
// the response is aborted (client gone or server closing), so no timer outlives its response.
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/** A client that stops reading for this long is cut off, so a stuck write cannot wait forever. */
export const drainTimeoutMs = 30_000;

export async function pause(ms: number, signal: AbortSignal): Promise<void> {
  await sleep(ms, undefined, { signal });
}

export function waitForDrain(res: ServerResponse, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = (): void => {
      clearTimeout(timer);
      res.off('drain', onDrain);
      signal.removeEventListener('abort', onAbort);
    };
    const onDrain = (): void => {
      cleanup();
      resolve();
    };
    const onAbort = (): void => {
      cleanup();
      reject(signal.reason instanceof Error ? signal.reason : new Error('response aborted'));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`the client read nothing for ${drainTimeoutMs} ms`));
    }, drainTimeoutMs);
    if (signal.aborted) {
      onAbort();
      return;
    }
    res.on('drain', onDrain);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Resolves once `data` has been handed to the kernel, so a following destroy cannot drop it. */
export function writeAndFlush(
  res: ServerResponse,
  data: string | Buffer,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = (): void =>
      reject(signal.reason instanceof Error ? signal.reason : new Error('response aborted'));
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    res.write(data, (error) => {
      signal.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve();
    });
  });
}
