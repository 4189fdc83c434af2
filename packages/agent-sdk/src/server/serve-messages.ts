// The protocol server over JSON-RPC messages, through the one peer (shared-protocol's
// JsonRpcPeer): a MessagePort, a WebSocket, a webview's postMessage, or the frames `wave --stdio`
// reads from a byte stream. Across such a channel the host is in another process (or at least
// another context), so deltas merge in a 16 ms window (ARCHITECTURE §2.6).
import { JsonRpcPeer } from '@wave-agent/shared-protocol';
import type { WaveServer } from './wave-server.js';

export const MESSAGE_WINDOW_MS = 16;

export interface MessageEndpoint {
  /** Give it every message that arrives from the host. */
  receive(message: unknown): void;
  /** The host left: its sessions stop sending to it. */
  close(): void;
}

export function serveMessages(
  server: Pick<WaveServer, 'connect'>,
  send: (message: object) => void,
  onProblem: (problem: string) => void = () => undefined,
  /** The merge window; a host that shows events at a slower pace may ask for a longer one. */
  windowMs: number = MESSAGE_WINDOW_MS,
): MessageEndpoint {
  const peer: JsonRpcPeer = new JsonRpcPeer({
    send,
    onRequest: (method, params) => connection.request(method, params),
    onNotification: (method) =>
      onProblem(`Ignored the notification "${method}": the server acts on requests only.`),
    onProblem,
  });
  const connection = server.connect({
    windowMs,
    send: (batch) => peer.notify('sessionEvents', batch),
    request: (method, params) => peer.request(method, params),
  });
  return {
    receive: (message) => peer.receive(message),
    close() {
      peer.close('The host left.');
      connection.close();
    },
  };
}
