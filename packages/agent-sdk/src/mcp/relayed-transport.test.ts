// A server in the host's process, reached through a relay as wave-claude reaches a Claude Agent
// SDK app's createSdkMcpServer: the real MCP client (McpConnection) and the real MCP server
// (the notes server), with the host in between answering each request with the server's reply.
import { isJSONRPCNotification, isJSONRPCRequest } from '@modelcontextprotocol/server';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { McpConnection } from './mcp-connection.js';
import type { McpRelay } from './relayed-transport.js';
import { notesServer } from './test-support/notes-server.js';

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const timeouts = { connectMs: 5_000, callMs: 5_000 };

interface Host {
  readonly relay: McpRelay;
  /** From now on the host cannot deliver (its app went away). */
  cut(): void;
}

/** The host's side: the server's transport, and the relay that carries Wave's messages to it. */
async function hostOf(): Promise<Host> {
  let cut = false;
  const waiting = new Map<string | number, (reply: unknown) => void>();
  let listener: ((message: Readonly<Record<string, unknown>>) => void) | undefined;
  const serverSide: Transport = {
    start: () => Promise.resolve(),
    close: () => Promise.resolve(),
    send: (message: JSONRPCMessage) => {
      const id = 'id' in message && !('method' in message) ? message.id : undefined;
      const answer = id === undefined ? undefined : waiting.get(id);
      if (answer !== undefined && id !== undefined) {
        waiting.delete(id);
        answer(message);
      } else listener?.(message);
      return Promise.resolve();
    },
  };
  await notesServer().connect(serverSide);
  const relay: McpRelay = {
    send: (message) => {
      if (cut) return Promise.reject(new Error('stdin closed'));
      if (!isJSONRPCRequest(message) && !isJSONRPCNotification(message))
        return Promise.reject(new Error('not a message for the server'));
      return new Promise((resolve) => {
        if (isJSONRPCRequest(message)) waiting.set(message.id, resolve);
        else resolve({});
        serverSide.onmessage?.(message);
      });
    },
    listen: (onMessage) => {
      listener = onMessage;
    },
  };
  return { relay, cut: () => (cut = true) };
}

function open(relay: McpRelay): Promise<McpConnection> {
  return McpConnection.open({
    name: 'notes',
    config: { type: 'sdk', relay },
    workdir: process.cwd(),
    timeouts,
    logger: quiet,
    onLost: () => undefined,
  });
}

describe('an MCP server reached through its host', () => {
  it('connects, lists its tools and answers a call, as any server does', async () => {
    const connection = await open((await hostOf()).relay);
    expect(connection.tools.map((tool) => tool.name)).toContain('add_note');
    const result = await connection.call(
      'add_note',
      { text: 'buy milk' },
      AbortSignal.timeout(5_000),
    );
    expect(result.content).toEqual([{ type: 'text', text: 'Saved note 1: buy milk' }]);
    await connection.close();
  });

  it('a request the host cannot pass on fails with a sentence, at once', async () => {
    const host = await hostOf();
    const connection = await open(host.relay);
    host.cut();
    await expect(
      connection.call('add_note', { text: 'x' }, AbortSignal.timeout(5_000)),
    ).rejects.toThrow(/The host could not pass the request on: stdin closed/);
    await connection.close();
  });
});
