// A page's side of `wave web`'s socket, in Node: JSON-RPC over the WebSocket, as the chat UI
// speaks it (the access token in the address, the page's Origin), with the event batches it got.
import { JsonRpcPeer } from '@wave-agent/shared-protocol';
import WebSocket from 'ws';

export interface PageClient {
  readonly peer: JsonRpcPeer;
  readonly batches: { sessionId: string; events: { type: string; chunk?: string }[] }[];
  readonly close: () => void;
}

/** Connects to the wave web at `url` (the address it printed); the caller closes it. */
export async function connectPage(url: URL, origin = url.origin): Promise<PageClient> {
  const socket = new WebSocket(`ws://${url.host}/ws?token=${url.searchParams.get('token')}`, {
    origin,
  });
  const batches: PageClient['batches'] = [];
  const peer = new JsonRpcPeer({
    send: (message) => socket.send(JSON.stringify(message)),
    onNotification: (method, params) => {
      if (method === 'sessionEvents') batches.push(params as PageClient['batches'][number]);
    },
  });
  socket.on('message', (data: Buffer) => peer.receive(JSON.parse(data.toString('utf8'))));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { peer, batches, close: () => socket.close() };
}
