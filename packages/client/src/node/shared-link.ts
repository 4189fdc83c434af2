// One link to `wave --stdio` shared by several JSON-RPC peers of one host: the host's own client
// (an editor extension, an Electron main process) and one relay per webview or window. Every
// peer numbers its requests from 1, so request ids are renumbered on the way out and given back
// on the way in. Notifications (each session's batches) go to every peer, except to a peer opened
// with `routeBySession` (a webview's relay): it gets only the batches of the sessions it attached
// or opened, following their new ids through a clear or a restore, so one view never receives
// another's conversation. The server's own requests (the workspace-trust question) go to the
// first peer still open — the host's, which asks the user in its own dialog.
import { Listeners } from '../listeners.js';
import type { MessageLink } from '../transports/message-link.js';
import type { TransportStatus } from '../transport.js';
import { renameIn, routeOfRequest, sessionOfBatch, sessionOpenedBy } from './session-routes.js';
import { isRecord } from '@wave-agent/shared-protocol';

export interface SharedPeerOptions {
  /** Only the batches of the sessions this peer attached or opened (default: every batch). */
  readonly routeBySession?: boolean;
}

export interface SharedLink {
  /** A link of its own for one peer; closing it leaves the shared link running. */
  open(options?: SharedPeerOptions): MessageLink;
  readonly status: TransportStatus;
  /** Closes every peer's link and the shared one. */
  close(): Promise<void>;
}

interface Peer {
  readonly messages: Listeners<[unknown]>;
  readonly problems: Listeners<[string]>;
  readonly statuses: Listeners<[TransportStatus]>;
  /** The sessions whose batches it gets; undefined: all of them. */
  readonly follows: Set<string> | undefined;
  closed: boolean;
}

function receives(peer: Peer, sessionId: string | undefined): boolean {
  return !peer.closed && (sessionId === undefined || peer.follows?.has(sessionId) !== false);
}

type RequestId = string | number;

function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || typeof value === 'number';
}

export function shareLink(link: MessageLink): SharedLink {
  const peers: Peer[] = [];
  /** The shared id of each request in flight → who sent it, under which id. */
  const inFlight = new Map<
    number,
    { readonly peer: Peer; readonly id: RequestId; readonly opens: boolean }
  >();
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
      if (!sender || sender.peer.closed) return;
      const opened = sender.opens ? sessionOpenedBy(message) : undefined;
      if (opened !== undefined) sender.peer.follows?.add(opened);
      sender.peer.messages.emit({ ...message, id: sender.id });
      return;
    }
    if ('method' in message && !('id' in message)) {
      const sessionId = sessionOfBatch(message);
      const renamed = sessionId === undefined ? undefined : renameIn(message, sessionId);
      for (const peer of [...peers]) {
        if (!receives(peer, sessionId)) continue;
        if (sessionId !== undefined && renamed !== undefined && peer.follows) {
          peer.follows.delete(sessionId);
          peer.follows.add(renamed);
        }
        peer.messages.emit(message);
      }
      return;
    }
    // A request from the server, or something unexpected: the host's own peer answers or says
    // what it could not read.
    firstOpen()?.messages.emit(message);
  });

  // What the shared link could not read is told to the host's own peer, like a stray message.
  link.onProblem?.((problem) => firstOpen()?.problems.emit(problem));

  link.onStatus((status) => {
    // A server that stopped answers nothing more; each peer fails its own waiting requests.
    if (status.state !== 'connected') inFlight.clear();
    for (const peer of peers) if (!peer.closed) peer.statuses.emit(status);
  });

  return {
    get status() {
      return link.status;
    },
    open(options = {}) {
      const peer: Peer = {
        messages: new Listeners(),
        problems: new Listeners(),
        statuses: new Listeners(),
        follows: options.routeBySession ? new Set() : undefined,
        closed: false,
      };
      peers.push(peer);
      let own: TransportStatus | undefined;
      return {
        get status() {
          return own ?? link.status;
        },
        send(message) {
          if (peer.closed) return;
          if (isRecord(message) && 'method' in message && isRequestId(message.id)) {
            const route = peer.follows ? routeOfRequest(message) : { kind: 'none' as const };
            // Followed before the server answers, so no batch sent after its answer is missed.
            if (route.kind === 'follow') peer.follows?.add(route.sessionId);
            if (route.kind === 'leave') peer.follows?.delete(route.sessionId);
            const id = nextId++;
            inFlight.set(id, { peer, id: message.id, opens: route.kind === 'opens' });
            link.send({ ...message, id });
            return;
          }
          link.send(message);
        },
        onMessage: (listener) => peer.messages.add(listener),
        onProblem: (listener) => peer.problems.add(listener),
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
