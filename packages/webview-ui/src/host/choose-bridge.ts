// Which host this page runs in, from what the host put there: VS Code's `acquireVsCodeApi`,
// the desktop preload's `window.waveHost` (which the browser tests' harness also installs to
// feed the page exact batches: test/harness/test-host.ts), else the browser (a page served by
// `wave web`, which talks back over a WebSocket).
import type { BootInfo } from './boot-info.js';
import { browserSocketBridge } from './browser-socket-bridge.js';
import { electronBridge } from './electron-bridge.js';
import type { HostBridge } from './host-bridge.js';
import { vscodeBridge } from './vscode-bridge.js';

export function chooseHostBridge(win: Window, boot: BootInfo): HostBridge {
  if (typeof win.acquireVsCodeApi === 'function')
    return vscodeBridge(win, win.acquireVsCodeApi(), boot);
  if (win.waveHost) return electronBridge(win, win.waveHost, boot);
  return browserSocketBridge(win, boot);
}
