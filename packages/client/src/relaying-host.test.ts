// A host that only relays (an extension host, Electron's main process) opens its client with
// `sessionState: 'onDemand'`: its handles apply no batch — the view that shows the session
// reduces it — yet follow the session's id through a clear made elsewhere, and `read()` pulls the
// state when the host needs it.
import { MessageChannel } from 'node:worker_threads';
import { serveMessages } from '@wave-agent/agent-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import type { Scenario } from '@wave-agent/mock-llm';
import type { SessionState } from '@wave-agent/shared-protocol';
import { WaveClient } from './wave-client.js';
import type { WaveClientOptions } from './wave-client.js';
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

const scenario: Scenario = {
  name: 'reply',
  turns: [{ reply: [{ type: 'text', text: 'A reply in words.' }] }],
};

function clientOverPort(server: RealServer['server'], options: WaveClientOptions): WaveClient {
  const { port1, port2 } = new MessageChannel();
  const endpoint = serveMessages(server, (message) => port2.postMessage(message));
  port2.on('message', (message: unknown) => endpoint.receive(message));
  cleanups.push(() => {
    endpoint.close();
    port1.close();
    port2.close();
  });
  return new WaveClient(messagePortTransport(portChannel(port1)), options);
}

async function until(what: string, condition: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const replyOf = (state: SessionState) =>
  state.conversation.messages
    .flatMap((message) => (message.role === 'assistant' ? message.blocks : []))
    .map((block) => (block.type === 'text' ? block.content : ''))
    .join('');

describe('a relaying host’s client (sessionState: onDemand)', () => {
  it('applies no batch, reads the state by a pull, and follows a clear made by the view', async () => {
    real = await startRealServer(scenario);
    const host = clientOverPort(real.server, { sessionState: 'onDemand' });
    const view = clientOverPort(real.server, {});
    const hostHandle = await host.open(real.params);
    const opened = hostHandle.getSnapshot();
    const viewHandle = await view.attach(hostHandle.id);

    await hostHandle.sendMessage('hello');
    await until(
      'the view shows the ended turn',
      () =>
        viewHandle.getSnapshot().status.type === 'idle' && replyOf(viewHandle.getSnapshot()) !== '',
    );
    // An answer follows every batch sent to this connection before it (ARCHITECTURE §2.4): a
    // live client would hold the reply now. This one reduced nothing.
    await hostHandle.request('getQueuedMessages', {});
    expect(replyOf(hostHandle.getSnapshot())).toBe('');
    expect(hostHandle.getSnapshot()).toBe(opened);
    // The pull brings it.
    expect(replyOf(await hostHandle.read())).toBe('A reply in words.');

    const before = hostHandle.id;
    await viewHandle.clear();
    await until('the host’s handle follows the new id', () => hostHandle.id === viewHandle.id);
    expect(hostHandle.id).not.toBe(before);
    expect((await hostHandle.read()).conversation.messages).toEqual([]);
    expect(host.problems).toEqual([]);
  });

  it('a live client (the default) applies every batch as it comes', async () => {
    real = await startRealServer(scenario);
    const client = clientOverPort(real.server, {});
    const handle = await client.open(real.params);
    await handle.sendMessage('hello');
    await until(
      'the reply is applied',
      () => replyOf(handle.getSnapshot()) === 'A reply in words.',
    );
  });
});
