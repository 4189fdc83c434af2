// The host side of the message-port transport (a VS Code extension host, an Electron main
// process): a dumb relay between a port to the webview or renderer and a link to `wave --stdio`.
// JSON-RPC messages pass through unread; the link's status (restarting, crashed) is told to the
// client in a control message, so the client can open its sessions again.
import type { MessageLink } from '../transports/message-link.js';
import type { PortLike } from '../transports/message-port.js';
import { RELAY_STATUS } from '../transports/message-port.js';

/** Relays until the returned function is called (it does not close the link). */
export function relayPort(port: PortLike, link: MessageLink): () => void {
  const stops = [
    port.onMessage((data) => {
      if (typeof data === 'object' && data !== null) link.send(data);
    }),
    link.onMessage((message) => port.postMessage(message)),
    link.onStatus((status) => port.postMessage({ [RELAY_STATUS]: status })),
  ];
  port.postMessage({ [RELAY_STATUS]: link.status });
  return () => {
    for (const stop of stops) stop();
  };
}
