// Reads a request body with a size cap, so a runaway client cannot fill the test process's memory.
import type { IncomingMessage } from 'node:http';

export const maxBodyBytes = 64 * 1024 * 1024;

export class BodyTooLargeError extends Error {
  constructor() {
    super(`request body exceeds ${maxBodyBytes} bytes`);
  }
}

export async function readRequestBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > maxBodyBytes) throw new BodyTooLargeError();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
