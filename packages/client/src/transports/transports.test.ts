// The in-process and message-port transports against a real protocol server and a real model
// server: a reply streams into the session store and ends equal to the pull; in-process every
// event arrives alone and at once, across a port deltas arrive merged and validated.
import { MessageChannel } from 'node:worker_threads';
import { serveMessages } from '@wave-agent/agent-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import type { Scenario } from '@wave-agent/mock-llm';
import type { SessionEventBatch } from '@wave-agent/shared-protocol';
import { WaveClient } from '../wave-client.js';
import type { SessionHandle } from '../session-handle.js';
import type { Transport } from '../transport.js';
import { startRealServer } from '../test-support/real-server.js';
import type { RealServer } from '../test-support/real-server.js';
import { inProcessTransport } from './in-process.js';
import { messagePortTransport, portChannel } from './message-port.js';

let real: RealServer | undefined;
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await real?.dispose();
  real = undefined;
});

const scenario: Scenario = {
  name: 'words',
  chunkSize: 4,
  delayMs: 1,
  turns: [{ reply: [{ type: 'text', numberedWords: { count: 60 } }] }],
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

function overPort(server: RealServer['server']): Transport {
  const { port1, port2 } = new MessageChannel();
  const endpoint = serveMessages(server, (message) => port2.postMessage(message));
  port2.on('message', (message: unknown) => endpoint.receive(message));
  cleanups.push(() => {
    endpoint.close();
    port1.close();
    port2.close();
  });
  return messagePortTransport(portChannel(port1));
}

describe.each([
  ['in-process', (server: RealServer['server']) => inProcessTransport(server)],
  ['message port', overPort],
] as const)('over the %s transport', (_name, transportFor) => {
  it('streams a reply into the store, which ends equal to the pull', async () => {
    real = await startRealServer(scenario);
    const client = new WaveClient(transportFor(real.server));
    const handle = await client.open(real.params);
    const ended = turnEnded(handle);
    expect(await handle.sendMessage('count')).toEqual({ queued: false });
    await ended;
    const streamed = handle.getSnapshot();
    expect(streamed.status).toEqual({ type: 'idle' });
    expect(streamed.title).toBe('count');
    const reply = streamed.conversation.messages[1]?.blocks[0];
    expect(reply).toMatchObject({ type: 'text', content: expect.stringMatching(/^w1 w2 .* w60$/) });
    await handle.refresh();
    expect(handle.getSnapshot()).toEqual(streamed);
    expect(client.problems).toEqual([]);
  });
});

it('in-process, every event reaches the store alone and at once, as it is emitted', async () => {
  real = await startRealServer(scenario);
  const batches: SessionEventBatch[] = [];
  /** The store's seq just before and just after each batch was handed over. */
  const applied: { toSeq: number; before: number | undefined; after: number | undefined }[] = [];
  let windowMs: number | undefined;
  const transport = inProcessTransport({
    connect: (peer) => {
      windowMs = peer.windowMs;
      return real!.server.connect({
        ...peer,
        send: (batch) => {
          batches.push(batch);
          const before = client.session(batch.sessionId)?.seq;
          peer.send(batch);
          applied.push({ toSeq: batch.toSeq, before, after: client.session(batch.sessionId)?.seq });
        },
      });
    },
  });
  const client = new WaveClient(transport);
  const handle = await client.open(real.params);
  const ended = turnEnded(handle);
  await handle.sendMessage('count');
  await ended;
  expect(windowMs).toBe(0);
  expect(batches.length).toBeGreaterThan(20);
  expect(batches.every((batch) => batch.events.length === 1 && batch.fromSeq === batch.toSeq)).toBe(
    true,
  );
  // Applied before send returned: no queue, no timer between the agent and the store.
  const whileOpen = applied.filter((step) => step.before !== undefined);
  expect(whileOpen.length).toBeGreaterThan(20);
  expect(
    whileOpen.filter((step) => step.before !== step.toSeq - 1 || step.after !== step.toSeq),
  ).toEqual([]);
  expect(real.logs).toEqual([]);
  expect(client.problems).toEqual([]);
});

it('over a port, deltas of a window arrive merged, and the state is the same', async () => {
  real = await startRealServer(scenario);
  const client = new WaveClient(overPort(real.server));
  const handle = await client.open(real.params);
  let events = 0;
  handle.onEvent(() => events++);
  const ended = turnEnded(handle);
  await handle.sendMessage('count');
  await ended;
  // Fewer events applied than the agent emitted: the 16 ms window merged chunks.
  expect(events).toBeLessThan(handle.seq);
  const reply = handle.getSnapshot().conversation.messages[1]?.blocks[0];
  expect(reply).toMatchObject({ content: expect.stringMatching(/w60$/) });
});
