import { describe, expect, it } from 'vitest';
import { CONNECTION_CLOSED, JsonRpcPeer, RpcError } from './json-rpc-peer.js';

/** Two peers wired back to back through JSON, as over a real channel. */
function pair(onRequest: (method: string, params: unknown) => unknown) {
  const problems: string[] = [];
  const heard: unknown[] = [];
  const wire: object[] = [];
  const server: JsonRpcPeer = new JsonRpcPeer({
    send: (message) => {
      wire.push(message);
      client.receive(JSON.parse(JSON.stringify(message)));
    },
    onRequest,
  });
  const client: JsonRpcPeer = new JsonRpcPeer({
    send: (message) => server.receive(JSON.parse(JSON.stringify(message))),
    onNotification: (method, params) => heard.push([method, params]),
    onProblem: (problem) => problems.push(problem),
  });
  return { client, server, problems, heard, wire };
}

describe('the JSON-RPC peer', () => {
  it('matches answers to requests, and errors to the request that failed', async () => {
    const { client } = pair((method, params) => {
      if (method === 'fail') throw new RpcError(1002, 'Busy: wait for the turn to end.');
      if (method === 'later') return Promise.resolve({ later: params });
      return { echo: params };
    });
    await expect(client.request('echo', { a: 1 })).resolves.toEqual({ echo: { a: 1 } });
    await expect(client.request('later', 2)).resolves.toEqual({ later: 2 });
    await expect(client.request('fail', null)).rejects.toMatchObject({
      code: 1002,
      message: 'Busy: wait for the turn to end.',
    });
  });

  it('answers a synchronous handler behind everything it sent before', () => {
    const { client, server, wire } = pair(() => {
      server.notify('sessionEvents', { n: 1 });
      return 'pulled';
    });
    void client.request('pull', null);
    expect(wire.map((message) => ('method' in message ? 'notification' : 'answer'))).toEqual([
      'notification',
      'answer',
    ]);
  });

  it('says what it skipped and goes on', async () => {
    const { client, problems } = pair(() => 'ok');
    client.receive('not json-rpc');
    client.receive({ jsonrpc: '2.0', id: 99, result: 1 });
    expect(problems).toEqual([
      'Skipped a message that is not a JSON-RPC 2.0 object.',
      'Skipped an answer to request 99, which is not waiting for one.',
    ]);
    await expect(client.request('still', null)).resolves.toBe('ok');
  });

  it('fails every request still waiting when the channel closes, and later ones at once', async () => {
    const never = new JsonRpcPeer({ send: () => undefined });
    const waiting = never.request('slow', null);
    never.close('wave --stdio stopped.');
    await expect(waiting).rejects.toMatchObject({
      code: CONNECTION_CLOSED,
      message: 'wave --stdio stopped.',
    });
    await expect(never.request('after', null)).rejects.toMatchObject({ code: CONNECTION_CLOSED });
  });

  it('refuses a request it has no handler for', async () => {
    const client = new JsonRpcPeer({
      send: (message) => server.receive(message),
    });
    const server: JsonRpcPeer = new JsonRpcPeer({ send: (message) => client.receive(message) });
    await expect(client.request('anything', null)).rejects.toMatchObject({ code: -32601 });
  });
});
