// A HostBridge from a raw channel: host commands are taken out of the stream, everything else is
// Wave's protocol and goes to the client (which validates it). Every adapter ends here.
import type { PortLike } from '@wave-agent/client';
import type { BootInfo } from './boot-info.js';
import type { HostBridge, HostKind, RawChannel } from './host-bridge.js';
import type { HostCommand } from './host-commands.js';
import { isHostCommandMessage, isShownSignal, readHostCommand } from './host-commands.js';

export interface ChannelBridgeOptions {
  readonly kind: HostKind;
  readonly channel: RawChannel;
  readonly boot: BootInfo;
  /** Calls the listener each time the view is shown again; returns the function that stops it. */
  readonly onVisible: (listener: () => void) => () => void;
}

export function channelBridge(options: ChannelBridgeOptions): HostBridge {
  const { channel } = options;
  const port: PortLike = {
    postMessage: (message) => channel.post(message),
    onMessage: (listener) =>
      channel.onMessage((data) => {
        if (!isHostCommandMessage(data)) listener(data);
      }),
  };
  return {
    kind: options.kind,
    port,
    boot: options.boot,
    onHostCommand: (listener: (command: HostCommand) => void) =>
      channel.onMessage((data) => {
        const command = readHostCommand(data);
        if (command) listener(command);
      }),
    onVisible(listener) {
      const stops = [
        options.onVisible(listener),
        channel.onMessage((data) => {
          if (isShownSignal(data)) listener();
        }),
      ];
      return () => {
        for (const stop of stops) stop();
      };
    },
  };
}

/** The page's own visibility (a browser tab, an Electron window, a webview). */
export function documentVisibility(doc: Document): (listener: () => void) => () => void {
  return (listener) => {
    const changed = (): void => {
      if (doc.visibilityState === 'visible') listener();
    };
    doc.addEventListener('visibilitychange', changed);
    return () => doc.removeEventListener('visibilitychange', changed);
  };
}
