// The Electron adapter: the desktop app's preload exposes exactly `{ post, onMessage }` on
// `window.waveHost` (contextIsolation on, no Node in the renderer); the main process relays
// to `wave --stdio`.
import type { BootInfo } from './boot-info.js';
import { channelBridge, documentVisibility } from './channel-bridge.js';
import type { HostBridge, RawChannel } from './host-bridge.js';

/** What the desktop app's preload exposes. */
export interface ElectronPreloadBridge {
  post(message: unknown): void;
  onMessage(listener: (data: unknown) => void): () => void;
}

declare global {
  interface Window {
    waveHost?: ElectronPreloadBridge;
  }
}

export function electronBridge(
  win: Window,
  preload: ElectronPreloadBridge,
  boot: BootInfo,
): HostBridge {
  const channel: RawChannel = {
    post: (message) => preload.post(message),
    onMessage: (listener) => preload.onMessage(listener),
  };
  return channelBridge({
    kind: 'electron',
    channel,
    boot,
    onVisible: documentVisibility(win.document),
  });
}
