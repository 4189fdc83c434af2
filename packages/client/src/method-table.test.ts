// The method table is the only list: a session method of RPC_METHODS is callable through a
// handle's typed `request` (the handle adds the session's id), over a real server whose dispatch
// comes from the same table, with no method of its own in the client.
import { serveMessages } from '@wave-agent/agent-sdk';
import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { RPC_ERROR_CODES, RpcError } from '@wave-agent/shared-protocol';
import { WaveClient } from './wave-client.js';
import { startRealServer } from './test-support/real-server.js';
import type { RealServer } from './test-support/real-server.js';
import { messagePortTransport, portChannel } from './transports/message-port.js';

let real: RealServer | undefined;
const cleanups: (() => void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  await real?.dispose();
  real = undefined;
});

async function openedOverPort() {
  real = await startRealServer({
    name: 'unused',
    turns: [{ reply: [{ type: 'text', text: 'unused' }] }],
  });
  const { port1, port2 } = new MessageChannel();
  const endpoint = serveMessages(real.server, (message) => port2.postMessage(message));
  port2.on('message', (message: unknown) => endpoint.receive(message));
  cleanups.push(() => {
    endpoint.close();
    port1.close();
    port2.close();
  });
  const client = new WaveClient(messagePortTransport(portChannel(port1)));
  return client.open(real.params);
}

describe('a session handle’s request', () => {
  it('calls any session method of the table with the session’s id added, typed by the table', async () => {
    const handle = await openedOverPort();
    await handle.request('setPermissionMode', { mode: 'plan' });
    const { queued } = await handle.request('getQueuedMessages', {});
    const snapshot = await handle.request('getSessionState', {});
    expect(queued).toEqual([]);
    expect(snapshot.state.sessionId).toBe(handle.id);
    expect(snapshot.state.permissionMode).toBe('plan');
  });

  it('rejects with the server’s sentence when the table’s params do not fit', async () => {
    const handle = await openedOverPort();
    // A host built against another table: the server validates against its own.
    const wrong = { mode: 'sometimes' } as unknown as { mode: 'plan' };
    const failure = await handle
      .request('setPermissionMode', wrong)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RpcError);
    expect((failure as RpcError).code).toBe(RPC_ERROR_CODES.invalidParams);
    expect((failure as RpcError).message).toMatch(/Fix the params/);
  });
});
