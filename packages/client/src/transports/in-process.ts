// The in-process transport: the client calls the protocol server directly (agent-sdk's
// createWaveServer). Objects go in and out as they are — nothing serialised, nothing validated,
// nothing delayed: every event reaches the store the moment the agent emits it, alone (the
// server's window is 0), as the terminal UI needs (ARCHITECTURE §2.5).
import type { SessionEventBatch } from '@wave-agent/shared-protocol';
import { Listeners } from '../listeners.js';
import type { ServerRequestHandler, Transport, TransportStatus } from '../transport.js';
import { CONNECTED } from '../transport.js';

/** What the transport needs of a protocol server (agent-sdk's WaveServer fits). */
export interface InProcessServer {
  connect(peer: {
    readonly windowMs: number;
    send(batch: SessionEventBatch): void;
    request?(method: string, params: unknown): Promise<unknown>;
  }): { request(method: string, params: unknown): unknown; close(): void };
}

export function inProcessTransport(server: InProcessServer): Transport {
  const notifications = new Listeners<[string, unknown]>();
  const statuses = new Listeners<[TransportStatus]>();
  let status: TransportStatus = CONNECTED;
  let serverRequests: ServerRequestHandler | undefined;
  const connection = server.connect({
    windowMs: 0,
    send: (batch) => notifications.emit('sessionEvents', batch),
    request: (method, params) =>
      serverRequests
        ? Promise.resolve().then(() => serverRequests?.(method, params))
        : Promise.reject(new Error(`This host does not answer "${method}".`)),
  });
  return {
    validates: false,
    get status() {
      return status;
    },
    request(method, params) {
      try {
        return Promise.resolve(connection.request(method, params));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    onNotification: (listener) => notifications.add(listener),
    onStatus: (listener) => statuses.add(listener),
    // The server's own objects: nothing unreadable can arrive.
    onProblem: () => () => undefined,
    setServerRequestHandler(handler) {
      serverRequests = handler;
    },
    close() {
      connection.close();
      status = { state: 'closed' };
      statuses.emit(status);
      return Promise.resolve();
    },
  };
}
