// Two clients of one host on one server connection (the host's own client and a webview's
// relay): each gets the answers to its own requests although both number them from 1, both
// receive the session's batches, and closing one leaves the other working.
import { MessageChannel } from 'node:worker_threads';
import { serveMessages } from '@wave-agent/agent-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { WaveClient } from '../wave-client.js';
import type { SessionHandle } from '../session-handle.js';
import { startRealServer } from '../test-support/real-server.js';
import type { RealServer } from '../test-support/real-server.js';
import { portChannel, portLink } from '../transports/message-port.js';
import { transportOverLink } from '../transports/message-link.js';
import { shareLink } from './shared-link.js';

let real: RealServer | undefined;
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await real?.dispose();
  real = undefined;
});

function textOf(handle: SessionHandle): string {
  return handle
    .getSnapshot()
    .conversation.messages.flatMap((message) => message.blocks)
    .map((block) => (block.type === 'text' ? block.content : ''))
    .join('');
}

/** Resolves when `replies` whole replies are shown and no turn runs. */
function idle(handle: SessionHandle, replies = 1): Promise<void> {
  return new Promise((resolve) => {
    const check = (): void => {
      const { status } = handle.getSnapshot();
      if (status.type === 'idle' && textOf(handle).split('w30').length > replies) {
        stop();
        resolve();
      }
    };
    const stop = handle.subscribe(check);
    check();
  });
}

const words = { type: 'text', numberedWords: { count: 30, prefix: 'w' } } as const;

async function twoPeers() {
  real = await startRealServer({
    name: 'words',
    chunkSize: 4,
    delayMs: 1,
    turns: [{ reply: [words] }, { reply: [words] }],
  });
  const { port1, port2 } = new MessageChannel();
  const endpoint = serveMessages(real.server, (message) => port2.postMessage(message));
  port2.on('message', (message: unknown) => endpoint.receive(message));
  cleanups.push(() => {
    endpoint.close();
    port1.close();
    port2.close();
  });
  const shared = shareLink(portLink(portChannel(port1)));
  const host = new WaveClient(transportOverLink(shared.open()));
  const viewLink = shared.open();
  const view = new WaveClient(transportOverLink(viewLink));
  return { real, host, view, viewLink };
}

describe('a shared link', () => {
  it('gives each peer its own answers and every peer the batches', async () => {
    const { real, host, view, viewLink } = await twoPeers();

    const opened = await host.open(real.params);
    const attached = await view.attach(opened.id);
    expect(attached.id).toBe(opened.id);
    // Both clients number their requests from 1: each got its own answer.
    await attached.sendMessage('count');
    await Promise.all([idle(opened), idle(attached)]);
    const [listed] = await Promise.all([view.listSessions(), host.listSessions()]);
    expect(listed.map((session) => session.id)).toContain(opened.id);
    const pulled = (await host.request('getMessages', { sessionId: opened.id })).messages;
    expect(attached.getSnapshot().conversation.messages).toEqual(pulled);
    expect(opened.getSnapshot().conversation.messages).toEqual(pulled);

    await viewLink.close();
    expect(view.status.state).toBe('closed');
    await opened.setPermissionMode('plan');
    expect(opened.getSnapshot().permissionMode).toBe('plan');
  });
});
