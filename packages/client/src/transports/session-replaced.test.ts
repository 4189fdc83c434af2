// A session the server gives a new id (clear, restore) is followed by the requests sent while
// that request is on its way (a message typed right after "New session"): the server has filed
// the session under the new id before it answers, so they go there, never to the id that no
// longer exists.
import { MessageChannel } from 'node:worker_threads';
import { serveMessages } from '@wave-agent/agent-sdk';
import type { Scenario } from '@wave-agent/mock-llm';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionHandle } from '../session-handle.js';
import { startRealServer } from '../test-support/real-server.js';
import type { RealServer } from '../test-support/real-server.js';
import { WaveClient } from '../wave-client.js';
import { messagePortTransport, portChannel } from './message-port.js';

let real: RealServer | undefined;
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await real?.dispose();
  real = undefined;
});

const scenario: Scenario = {
  name: 'echo',
  turns: [
    { match: { lastUserContains: 'second' }, reply: [{ type: 'text', text: 'second answer' }] },
    { match: { lastUserContains: 'first' }, reply: [{ type: 'text', text: 'first answer' }] },
  ],
};

function turnEnded(handle: SessionHandle): Promise<void> {
  return new Promise((resolve) => {
    const stop = handle.onEvent((event) => {
      if (event.type !== 'turnEnded') return;
      stop();
      resolve();
    });
  });
}

async function openOverPort(): Promise<SessionHandle> {
  real = await startRealServer(scenario);
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

const texts = (handle: SessionHandle) =>
  handle
    .getSnapshot()
    .conversation.messages.flatMap((message) =>
      message.blocks.map((block) => ('content' in block ? block.content : '')),
    );

describe('a session renamed by the server', () => {
  it('sends a message typed while a clear is on its way to the new session', async () => {
    const handle = await openOverPort();
    const before = handle.id;
    const clearing = handle.clear();
    const next = turnEnded(handle);
    await handle.sendMessage('second');
    await clearing;
    await next;
    expect(handle.id).not.toBe(before);
    expect(texts(handle)).toEqual(['second', 'second answer']);
  });

  it('sends a message typed while a restore is on its way to the restored session', async () => {
    const handle = await openOverPort();
    const ended = turnEnded(handle);
    await handle.sendMessage('first');
    await ended;
    const stored = handle.id;
    await handle.clear();
    const restoring = handle.restore(stored);
    const next = turnEnded(handle);
    await handle.sendMessage('second');
    await restoring;
    await next;
    expect(handle.id).toBe(stored);
    expect(texts(handle)).toEqual(['first', 'first answer', 'second', 'second answer']);
  });
});
