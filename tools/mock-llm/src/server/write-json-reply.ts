// Writes a non-streaming JSON reply, with the non-streaming reading of each fault: there are no
// events to count, so "after N chunks" means "after the headers and half of the body".
import type { ServerResponse } from 'node:http';
import { pause, writeAndFlush } from './socket-waits.js';
import { splitInsideCharacter, type StreamFault } from './write-sse-stream.js';

export interface JsonReplyOptions {
  headers: Record<string, string>;
  fault: StreamFault | undefined;
  /** Answers a `stream-error` fault, which has no stream to travel in here. */
  sendStreamErrorAsHttp: (fault: Extract<StreamFault, { kind: 'stream-error' }>) => void;
  signal: AbortSignal;
  /** Resolves when the test releases a `hold`. */
  waitForRelease: () => Promise<void>;
}

export async function writeJsonReply(
  res: ServerResponse,
  body: string,
  options: JsonReplyOptions,
): Promise<void> {
  const { fault, signal } = options;
  const bytes = Buffer.from(body, 'utf8');
  const headers = {
    ...options.headers,
    'content-type': 'application/json',
    'content-length': String(bytes.length),
  };
  switch (fault?.kind) {
    case undefined:
      res.writeHead(200, headers).end(bytes);
      return;
    case 'stream-error':
      options.sendStreamErrorAsHttp(fault);
      return;
    case 'malformed': {
      const broken = Buffer.from(fault.line ?? body.slice(0, Math.floor(body.length / 2)), 'utf8');
      res.writeHead(200, { ...headers, 'content-length': String(broken.length) }).end(broken);
      return;
    }
    case 'hold':
      await options.waitForRelease();
      res.writeHead(200, headers).end(bytes);
      return;
    case 'split-utf8': {
      const cut = splitInsideCharacter(bytes);
      res.writeHead(200, headers);
      if (cut === -1) {
        res.end(bytes);
        return;
      }
      await writeAndFlush(res, bytes.subarray(0, cut), signal);
      await pause(fault.pauseMs ?? 25, signal);
      res.end(bytes.subarray(cut));
      return;
    }
    case 'reset':
    case 'stall': {
      res.writeHead(200, headers);
      await writeAndFlush(res, bytes.subarray(0, Math.floor(bytes.length / 2)), signal);
      if (fault.kind === 'stall') await pause(fault.stallMs, signal);
      if (fault.kind === 'stall' && fault.then === 'end') res.end();
      else res.socket?.destroy();
      return;
    }
  }
}
