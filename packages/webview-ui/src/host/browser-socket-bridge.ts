// The browser adapter (`wave web`): Wave's protocol over a WebSocket to the server that served
// the page, JSON text both ways. The socket is opened with the page's access token; messages
// posted before it opens wait for it. When it closes, the client is told in the transport's own
// status message (the server stopped: a sentence says what to do), never by silence.
import { RELAY_STATUS } from '@wave-agent/client';
import type { BootInfo } from './boot-info.js';
import { channelBridge, documentVisibility } from './channel-bridge.js';
import type { HostBridge, RawChannel } from './host-bridge.js';

/** The server's WebSocket path (`wave web`). */
export const SOCKET_PATH = '/ws';

export const SOCKET_CLOSED_SENTENCE =
  'The connection to wave web was closed (the server stopped, or this computer slept). Start `wave web` again and open the address it prints.';

/** The socket's address: same host and port as the page, the page's token carried along. */
export function socketUrl(location: Location): string {
  const url = new URL(SOCKET_PATH, location.href);
  url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const token = new URLSearchParams(location.search).get('token');
  url.search = token ? `?token=${encodeURIComponent(token)}` : '';
  url.hash = '';
  return url.toString();
}

export function socketChannel(socket: WebSocket): RawChannel {
  const waiting: string[] = [];
  const listeners = new Set<(data: unknown) => void>();
  const deliver = (data: unknown): void => {
    for (const listener of listeners) listener(data);
  };
  socket.addEventListener('open', () => {
    for (const text of waiting.splice(0)) socket.send(text);
  });
  socket.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (typeof event.data !== 'string') return;
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      // Not JSON: the client is told the same way as any other unreadable message.
      data = event.data;
    }
    deliver(data);
  });
  socket.addEventListener('close', () =>
    deliver({ [RELAY_STATUS]: { state: 'crashed', message: SOCKET_CLOSED_SENTENCE } }),
  );
  return {
    post(message) {
      const text = JSON.stringify(message);
      if (socket.readyState === WebSocket.CONNECTING) waiting.push(text);
      else if (socket.readyState === WebSocket.OPEN) socket.send(text);
    },
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function browserSocketBridge(win: Window, boot: BootInfo): HostBridge {
  const socket = new WebSocket(socketUrl(win.location));
  return channelBridge({
    kind: 'browser',
    channel: socketChannel(socket),
    boot,
    onVisible: documentVisibility(win.document),
  });
}
