// The message-port transport: for a webview or an Electron renderer talking to its host with
// postMessage. The host side is a dumb relay (`relayPort` in @wave-agent/client/node) that passes
// JSON-RPC messages between the port and `wave --stdio`, and tells the client when that process
// restarts, in a control message of its own.
import type { Transport, TransportStatus } from '../transport.js';
import { CONNECTED } from '../transport.js';
import { Listeners } from '../listeners.js';
import { transportOverLink } from './message-link.js';
import type { MessageLink } from './message-link.js';
import { isRecord } from '@wave-agent/shared-protocol';

/**
 * Whole messages both ways: a webview's `postMessage` and its `message` events, one end of a
 * MessageChannel (`portChannel` wraps a DOM or Node MessagePort), an Electron IPC pair.
 */
export interface PortLike {
  postMessage(message: unknown): void;
  /** Calls `listener` with each message's data; returns the function that stops it. */
  onMessage(listener: (data: unknown) => void): () => void;
}

/** A DOM or Node MessagePort as a PortLike (started, so it delivers). */
export function portChannel(port: {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: Event) => void): void;
  removeEventListener(type: 'message', listener: (event: Event) => void): void;
  start?(): void;
}): PortLike {
  return {
    postMessage: (message) => port.postMessage(message),
    onMessage(listener) {
      const deliver = (event: Event): void => listener('data' in event ? event.data : undefined);
      port.addEventListener('message', deliver);
      port.start?.();
      return () => port.removeEventListener('message', deliver);
    },
  };
}

/** The key of the relay's status messages (they are not JSON-RPC: they have no `jsonrpc`). */
export const RELAY_STATUS = 'waveTransportStatus';

function isStatus(value: unknown): value is TransportStatus {
  if (!isRecord(value)) return false;
  switch (value.state) {
    case 'connected':
      return typeof value.epoch === 'number';
    case 'restarting':
    case 'crashed':
      return typeof value.message === 'string';
    case 'closed':
      return true;
    default:
      return false;
  }
}

/** The client's end of a port: JSON-RPC messages both ways, status messages from the relay. */
export function portLink(port: PortLike): MessageLink {
  const messages = new Listeners<[unknown]>();
  const statuses = new Listeners<[TransportStatus]>();
  let status: TransportStatus = CONNECTED;
  const onMessage = (data: unknown): void => {
    if (isRecord(data) && RELAY_STATUS in data) {
      const next = data[RELAY_STATUS];
      if (!isStatus(next)) return;
      status = next;
      statuses.emit(status);
      return;
    }
    messages.emit(data);
  };
  const stop = port.onMessage(onMessage);
  return {
    get status() {
      return status;
    },
    send: (message) => port.postMessage(message),
    onMessage: (listener) => messages.add(listener),
    onStatus: (listener) => statuses.add(listener),
    close() {
      stop();
      status = { state: 'closed' };
      statuses.emit(status);
      return Promise.resolve();
    },
  };
}

export function messagePortTransport(port: PortLike): Transport {
  return transportOverLink(portLink(port));
}
