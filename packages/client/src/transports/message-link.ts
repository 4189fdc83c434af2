// A transport over a link that carries whole JSON-RPC messages and whose far end may restart:
// a child process (node entry), or a message port relayed to one. Each server the link reaches
// gets its own JSON-RPC peer: when the server goes away, every request still waiting fails with
// the link's sentence, and a restarted server starts with a clean slate.
import { JsonRpcPeer, RpcError } from '@wave-agent/shared-protocol';
import { Listeners } from '../listeners.js';
import type { ServerRequestHandler, Transport, TransportStatus } from '../transport.js';

export interface MessageLink {
  readonly status: TransportStatus;
  send(message: object): void;
  onMessage(listener: (message: unknown) => void): () => void;
  onStatus(listener: (status: TransportStatus) => void): () => void;
  /** Bytes that could not be read as a message were skipped (a link that reads bytes says so). */
  onProblem?(listener: (problem: string) => void): () => void;
  close(): Promise<void>;
}

function lostBecause(status: TransportStatus): string {
  if (status.state === 'restarting' || status.state === 'crashed') return status.message;
  return 'The connection to Wave was closed.';
}

export function transportOverLink(link: MessageLink): Transport {
  const notifications = new Listeners<[string, unknown]>();
  const statuses = new Listeners<[TransportStatus]>();
  const problems = new Listeners<[string]>();
  let serverRequests: ServerRequestHandler | undefined;
  const newPeer = (): JsonRpcPeer =>
    new JsonRpcPeer({
      send: (message) => link.send(message),
      onRequest: (method, params) => {
        if (!serverRequests) throw new RpcError(-32601, `This host does not answer "${method}".`);
        return serverRequests(method, params);
      },
      onNotification: (method, params) => notifications.emit(method, params),
      onProblem: (problem) => problems.emit(problem),
    });
  let peer = newPeer();
  let epoch = link.status.state === 'connected' ? link.status.epoch : 0;
  link.onMessage((message) => peer.receive(message));
  link.onProblem?.((problem) => problems.emit(problem));
  link.onStatus((status) => {
    if (status.state !== 'connected') peer.close(lostBecause(status));
    else if (status.epoch !== epoch) {
      peer.close('Wave was restarted before it answered.');
      peer = newPeer();
      epoch = status.epoch;
    }
    statuses.emit(status);
  });
  return {
    validates: true,
    get status() {
      return link.status;
    },
    request: (method, params) => peer.request(method, params),
    onNotification: (listener) => notifications.add(listener),
    onStatus: (listener) => statuses.add(listener),
    onProblem: (listener) => problems.add(listener),
    setServerRequestHandler(handler) {
      serverRequests = handler;
    },
    close: () => link.close(),
  };
}
