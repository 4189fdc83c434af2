// Backpressure: a client that stops reading must stop the server from generating more events.
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { faultFrames } from '../wire/fault-frames.js';
import { writeSseStream } from './write-sse-stream.js';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
});

const totalFrames = 40_000;
const frame = `data: ${'x'.repeat(1024)}\n\n`;

describe('writeSseStream', () => {
  it('stops pulling events while the client is not reading, and resumes when it reads again', async () => {
    let pulled = 0;
    function* frames(): Generator<string> {
      for (let i = 0; i < totalFrames; i++) {
        pulled += 1;
        yield frame;
      }
    }
    const controller = new AbortController();
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      // The test ends by cutting the connection, which may end this write with an abort.
      writeSseStream(res, frames(), {
        delayMs: 0,
        fault: undefined,
        faultFrames: faultFrames('openai'),
        signal: controller.signal,
        waitForRelease: () => Promise.resolve(),
      }).catch(() => undefined);
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    const socket = connect(port, '127.0.0.1');
    socket.pause();
    socket.write('GET / HTTP/1.1\r\nhost: x\r\n\r\n');
    // Wait (bounded) until the server has started, filled the socket buffers and stopped pulling
    // (under load it may not have started by the first check).
    let previous = -1;
    for (let tries = 0; tries < 100 && (pulled === 0 || pulled !== previous); tries++) {
      previous = pulled;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(pulled).toBeGreaterThan(0);
    expect(pulled).toBeLessThan(totalFrames);

    let received = 0;
    socket.on('data', (chunk: Buffer) => (received += chunk.length));
    socket.resume();
    for (let tries = 0; tries < 500 && pulled < totalFrames; tries++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pulled).toBe(totalFrames);
    expect(received).toBeGreaterThan(0);
    socket.destroy();
    controller.abort();
  });
});
