// Two clients of one host on one server connection (the host's own client and a webview's
// relay): each gets the answers to its own requests although both number them from 1, both
// receive the session's batches, and closing one leaves the other working. Relays routed by
// session (one per view) hear only their own session's batches, before and after a clear.
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

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting.');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const words = { type: 'text', numberedWords: { count: 30, prefix: 'w' } } as const;

async function twoPeers() {
  real = await startRealServer({
    name: 'words',
    chunkSize: 4,
    delayMs: 1,
    turns: [{ reply: [words] }, { reply: [words] }, { reply: [words] }],
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
  return { real, shared, host, view, viewLink };
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

describe('a shared link routing by session', () => {
  it('gives a routed peer only the batches of its own sessions, through a clear', async () => {
    const { real, shared, host } = await twoPeers();
    const heard = new Map<string, Set<string>>();
    const routedView = (name: string) => {
      const link = shared.open({ routeBySession: true });
      const sessions = new Set<string>();
      heard.set(name, sessions);
      link.onMessage((message) => {
        const params = (message as { method?: string; params?: { sessionId?: string } }).params;
        if ((message as { method?: string }).method === 'sessionEvents' && params?.sessionId)
          sessions.add(params.sessionId);
      });
      return new WaveClient(transportOverLink(link));
    };
    const first = await host.open(real.params);
    const second = await host.open(real.params);
    const a = await routedView('a').attach(first.id);
    const b = await routedView('b').attach(second.id);
    await Promise.all([a.sendMessage('one'), b.sendMessage('two')]);
    await Promise.all([idle(a), idle(b), idle(first), idle(second)]);
    const reply = Array.from({ length: 30 }, (_, index) => `w${index + 1}`).join(' ');
    expect([textOf(a), textOf(b)]).toEqual([`one${reply}`, `two${reply}`]);

    // A clear gives a's session a new id: a follows it, b still hears none of it.
    const before = a.id;
    await a.clear();
    await until(() => a.id !== before);
    await a.sendMessage('three');
    await idle(a);
    expect(textOf(a)).toBe(`three${reply}`);
    expect([...(heard.get('a') ?? [])].sort()).toEqual([first.id, before].sort());
    expect(first.id).toBe(a.id);
    expect(heard.get('a')).not.toContain(second.id);
    expect([...(heard.get('b') ?? [])]).toEqual([second.id]);
  });
});
