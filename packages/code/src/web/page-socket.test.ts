// A page's socket, over a real WebSocket on loopback: what a page sends that cannot be served is
// logged as one sentence that says what was skipped.
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { Logger } from '@wave-agent/agent-sdk';
import { servePageSocket } from './page-socket.js';

let wss: WebSocketServer | undefined;
let page: WebSocket | undefined;

afterEach(() => {
  page?.close();
  wss?.close();
});

/** A page connected to a socket served against a server with no sessions; its warnings. */
async function connectPage(): Promise<{ page: WebSocket; warnings: string[] }> {
  const warnings: string[] = [];
  const logger: Logger = {
    debug: () => undefined,
    info: () => undefined,
    warn: (message: string) => warnings.push(message),
    error: (message: string) => warnings.push(message),
  };
  const server = { connect: () => ({ request: () => undefined, close: () => undefined }) };
  const listening = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  wss = listening;
  listening.on('connection', (socket) => servePageSocket(socket, server, logger));
  await new Promise<void>((resolve) => listening.once('listening', resolve));
  const { port } = listening.address() as AddressInfo;
  const client = new WebSocket(`ws://127.0.0.1:${port}`);
  page = client;
  await new Promise<void>((resolve, reject) => {
    client.once('open', () => resolve());
    client.once('error', reject);
  });
  return { page: client, warnings };
}

async function until(test: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !test(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('servePageSocket', () => {
  it('logs a message it skips once, in one sentence', async () => {
    const { page, warnings } = await connectPage();
    page.send(JSON.stringify({ jsonrpc: '2.0', id: 7, result: 1 }));
    page.send(Buffer.from('{}'), { binary: true });
    await until(() => warnings.length >= 2);
    expect(warnings.sort()).toEqual([
      'From a page: Skipped an answer to request 7, which is not waiting for one.',
      'Skipped a binary frame from a page: wave web reads JSON text only.',
    ]);
  });
});
