// The client's own logic, driven by hand through a stub transport: batches in order, covered
// batches ignored, a gap healed by a pull (never a silent divergence), bad input said once and
// skipped, a session that is renamed followed, a restart opening the session again.
import { describe, expect, it } from 'vitest';
import { RPC_ERROR_CODES, RpcError } from '@wave-agent/shared-protocol';
import type { AgentEvent } from '@wave-agent/shared-protocol';
import { WaveClient } from './wave-client.js';
import { sessionState, StubTransport } from './test-support/stub-transport.js';

const added: AgentEvent = { type: 'assistantMessageAdded', messageId: 'a', createdAt: 1 };
const chunk = (text: string): AgentEvent => ({
  type: 'assistantContentUpdated',
  messageId: 'a',
  chunk: text,
  stage: 'streaming',
});
const batch = (fromSeq: number, toSeq: number, events: AgentEvent[], sessionId = 's1') => ({
  sessionId,
  fromSeq,
  toSeq,
  events,
});
const text = (client: WaveClient) =>
  client
    .session('s1')
    ?.getSnapshot()
    .conversation.messages[0]?.blocks.map((block) => ('content' in block ? block.content : ''))
    .join('');

async function opened(seq = 0) {
  const transport = new StubTransport();
  transport.snapshotAnswer({ state: sessionState(), seq });
  const client = new WaveClient(transport);
  const handle = await client.open({ workdir: '/work' });
  return { transport, client, handle };
}

describe('the client', () => {
  it('applies batches that follow its number and ignores those a pull already covers', async () => {
    const { transport, client, handle } = await opened(4);
    let changes = 0;
    handle.subscribe(() => changes++);
    transport.notify('sessionEvents', batch(3, 4, [added]));
    expect(handle.getSnapshot().conversation.messages).toEqual([]);
    transport.notify('sessionEvents', batch(5, 5, [added]));
    transport.notify('sessionEvents', batch(6, 9, [chunk('Hello, '), chunk('world')]));
    expect(text(client)).toBe('Hello, world');
    expect(handle.seq).toBe(9);
    // One change per batch, for a store a UI subscribes to.
    expect(changes).toBe(2);
  });

  it('pulls on a gap instead of guessing, and applies what arrived meanwhile after the answer', async () => {
    const { transport, client, handle } = await opened(0);
    transport.notify('sessionEvents', batch(1, 1, [added]));
    // The server has seen more than this client (a batch went missing).
    const healed = sessionState({
      conversation: {
        messages: [
          {
            id: 'a',
            role: 'assistant',
            createdAt: 1,
            blocks: [{ type: 'text', content: 'Hello, ', stage: 'streaming' }],
          },
        ],
        unmatchedEvents: 0,
      },
    });
    transport.snapshotAnswer({ state: healed, seq: 3 });
    transport.notify('sessionEvents', batch(3, 3, [chunk('lost')]));
    transport.notify('sessionEvents', batch(4, 4, [chunk('world')]));
    await handle.refresh();
    expect(transport.requests.filter((r) => r.method === 'getSessionState')).toHaveLength(1);
    expect(text(client)).toBe('Hello, world');
    expect(handle.seq).toBe(4);
  });

  it('says once what it could not read, skips it, and goes on', async () => {
    const { transport, client } = await opened(0);
    transport.notify('sessionEvents', batch(1, 1, [added]));
    for (let seq = 2; seq <= 3; seq++)
      transport.notify(
        'sessionEvents',
        batch(seq, seq, [JSON.parse('{"type":"subagentSpawned","id":"x"}') as AgentEvent]),
      );
    transport.notify(
      'sessionEvents',
      batch(4, 4, [{ ...chunk('x'), chunk: 7 } as unknown as AgentEvent]),
    );
    transport.notify('sessionEvents', { sessionId: 's1', fromSeq: 'five' });
    transport.notify('sessionsChanged', {});
    transport.notify('sessionEvents', batch(5, 5, [chunk('still here')]));
    expect(client.problems).toEqual([
      'Skipped an event: unknown event type "subagentSpawned" (sent by a newer Wave?).',
      'Skipped an event: invalid assistantContentUpdated event: chunk: expected string, received number.',
      'Skipped a batch of events: invalid params for sessionEvents: fromSeq: expected number, received string; toSeq: expected number, received undefined; events: expected array, received undefined.',
      'Skipped the notification "sessionsChanged": this client does not know it (sent by a newer Wave?).',
    ]);
    expect(text(client)).toBe('still here');
  });

  it('follows its session to a new id when the server replaces it', async () => {
    const { transport, client, handle } = await opened(0);
    transport.notify(
      'sessionEvents',
      batch(1, 1, [{ type: 'sessionReplaced', state: sessionState({ sessionId: 's2' }) }]),
    );
    expect(handle.id).toBe('s2');
    expect(client.session('s2')).toBe(handle);
    transport.notify('sessionEvents', batch(2, 2, [added], 's2'));
    expect(handle.getSnapshot().conversation.messages).toHaveLength(1);
  });

  it('opens its sessions again when a new server takes over, and puts back the mode it had', async () => {
    const { transport, client, handle } = await opened(0);
    transport.notify(
      'sessionEvents',
      batch(1, 1, [{ type: 'permissionModeChanged', mode: 'acceptEdits' }]),
    );
    transport.answers.set('setPermissionMode', () => null);
    const statuses: string[] = [];
    client.onStatus((status) => statuses.push(status.state));
    transport.setStatus({ state: 'restarting', message: 'wave --stdio stopped unexpectedly.' });
    transport.setStatus({ state: 'connected', epoch: 2 });
    await expect.poll(() => transport.requests.map((r) => r.method)).toContain('setPermissionMode');
    expect(transport.requests.filter((r) => r.method === 'initialize').at(-1)?.params).toEqual({
      workdir: '/work',
      sessionId: 's1',
    });
    expect(transport.requests.at(-1)?.params).toEqual({ sessionId: 's1', mode: 'acceptEdits' });
    expect(statuses).toEqual(['restarting', 'connected']);
    expect(handle.seq).toBe(0);
  });

  it("after a restart, waits for the opener of a session it attached to instead of opening it without the opener's settings", async () => {
    const transport = new StubTransport();
    const snapshot = { state: sessionState(), seq: 0 };
    transport.answers.set('attachSession', () => snapshot);
    const client = new WaveClient(transport, { reattachTimeoutMs: 5000 });
    const handle = await client.attach('s1');
    // The new server has not seen the opener's initialize yet: twice "not open", then open.
    let refusals = 2;
    transport.answers.set('attachSession', () => {
      if (refusals-- > 0) throw new RpcError(RPC_ERROR_CODES.sessionNotFound, 'no session s1');
      return { state: sessionState({ title: 'reopened by its opener' }), seq: 7 };
    });
    transport.setStatus({ state: 'connected', epoch: 2 });
    await expect.poll(() => handle.seq, { timeout: 3000 }).toBe(7);
    expect(transport.requests.filter((r) => r.method === 'attachSession')).toHaveLength(4);
    expect(transport.requests.some((r) => r.method === 'initialize')).toBe(false);
    expect(handle.getSnapshot().title).toBe('reopened by its opener');
    expect(client.problems).toEqual([]);
  });

  it('opens an attached session from its file, and says so, when its opener never comes back', async () => {
    const transport = new StubTransport();
    transport.answers.set('attachSession', () => ({ state: sessionState(), seq: 0 }));
    const client = new WaveClient(transport, { reattachTimeoutMs: 300 });
    const handle = await client.attach('s1');
    transport.answers.set('attachSession', () => {
      throw new RpcError(RPC_ERROR_CODES.sessionNotFound, 'no session s1');
    });
    transport.snapshotAnswer({ state: sessionState(), seq: 3 });
    transport.setStatus({ state: 'connected', epoch: 2 });
    await expect.poll(() => handle.seq, { timeout: 3000 }).toBe(3);
    expect(transport.requests.filter((r) => r.method === 'initialize').at(-1)?.params).toEqual({
      workdir: '/work',
      sessionId: 's1',
    });
    expect(client.problems).toEqual([
      expect.stringContaining('was not opened again by the host that opened it'),
    ]);
  });
});
