// One link to `wave --stdio` shared by several JSON-RPC peers of one host: the host's own client
// (an editor extension, an Electron main process) and one relay per webview or window. Every
// peer numbers its requests from 1, so request ids are renumbered on the way out and given back
// on the way in; notifications (each session's batches) go to every peer, and each client takes
// the batches of the sessions it holds; the server's own requests (the workspace-trust question)
// go to the first peer still open — the host's, which asks the user in its own dialog.
import { Listeners } from '../listeners.js';
import type { MessageLink } from '../transports/message-link.js';
import type { TransportStatus } from '../transport.js';

export interface SharedLink {
  /** A link of its own for one peer; closing it leaves the shared link running. */
  open(): MessageLink;
  readonly status: TransportStatus;
  /** Closes every peer's link and the shared one. */
  close(): Promise<void>;
}

interface Peer {
  readonly messages: Listeners<[unknown]>;
  readonly statuses: Listeners<[TransportStatus]>;
  closed: boolean;
}

type RequestId = string | number;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || typeof value === 'number';
}

export function shareLink(link: MessageLink): SharedLink {
  const peers: Peer[] = [];
  /** The shared id of each request in flight → who sent it, under which id. */
  const inFlight = new Map<number, { readonly peer: Peer; readonly id: RequestId }>();
  let nextId = 1;

  const firstOpen = (): Peer | undefined => peers.find((peer) => !peer.closed);

  link.onMessage((message) => {
    if (!isRecord(message)) {
      firstOpen()?.messages.emit(message);
      return;
    }
    const isResponse = !('method' in message) && 'id' in message;
    if (isResponse && typeof message.id === 'number' && inFlight.has(message.id)) {
      const sender = inFlight.get(message.id);
      inFlight.delete(message.id);
      if (sender && !sender.peer.closed) sender.peer.messages.emit({ ...message, id: sender.id });
      return;
    }
    if ('method' in message && !('id' in message)) {
      for (const peer of peers) if (!peer.closed) peer.messages.emit(message);
      return;
    }
    // A request from the server, or something unexpected: the host's own peer answers or says
    // what it could not read.
    firstOpen()?.messages.emit(message);
  });

  link.onStatus((status) => {
    // A server that stopped answers nothing more; each peer fails its own waiting requests.
    if (status.state !== 'connected') inFlight.clear();
    for (const peer of peers) if (!peer.closed) peer.statuses.emit(status);
  });

  return {
    get status() {
      return link.status;
    },
    open() {
      const peer: Peer = { messages: new Listeners(), statuses: new Listeners(), closed: false };
      peers.push(peer);
      let own: TransportStatus | undefined;
      return {
        get status() {
          return own ?? link.status;
        },
        send(message) {
          if (peer.closed) return;
          if (isRecord(message) && 'method' in message && isRequestId(message.id)) {
            const id = nextId++;
            inFlight.set(id, { peer, id: message.id });
            link.send({ ...message, id });
            return;
          }
          link.send(message);
        },
        onMessage: (listener) => peer.messages.add(listener),
        onStatus: (listener) => peer.statuses.add(listener),
        close() {
          if (peer.closed) return Promise.resolve();
          peer.closed = true;
          for (const [id, sender] of inFlight) if (sender.peer === peer) inFlight.delete(id);
          peers.splice(peers.indexOf(peer), 1);
          own = { state: 'closed' };
          peer.statuses.emit(own);
          return Promise.resolve();
        },
      };
    },
    async close() {
      for (const peer of [...peers]) {
        peer.closed = true;
        peer.statuses.emit({ state: 'closed' });
      }
      peers.length = 0;
      await link.close();
    },
  };
}
