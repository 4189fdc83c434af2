// The VS Code adapter: the webview's `acquireVsCodeApi().postMessage` out, window `message`
// events in (what the extension posts with `webview.postMessage`). A hidden webview receives
// nothing, so the UI pulls the state when it is shown again (onVisible).
import type { BootInfo } from './boot-info.js';
import { channelBridge, documentVisibility } from './channel-bridge.js';
import type { HostBridge, RawChannel } from './host-bridge.js';
import { viewRequestMessage } from './host-commands.js';

/** The part of VS Code's webview API the UI uses. */
export interface VsCodeApi {
  postMessage(message: unknown): void;
  /** What VS Code keeps for this webview across a reload (the extension reads it back). */
  setState?(state: unknown): void;
}

declare global {
  interface Window {
    /** Present inside a VS Code webview; may be called once. */
    acquireVsCodeApi?: () => VsCodeApi;
  }
}

export function windowMessages(win: Window): RawChannel['onMessage'] {
  return (listener) => {
    const deliver = (event: MessageEvent<unknown>): void => listener(event.data);
    win.addEventListener('message', deliver);
    return () => win.removeEventListener('message', deliver);
  };
}

export function vscodeBridge(win: Window, api: VsCodeApi, boot: BootInfo): HostBridge {
  const bridge = channelBridge({
    kind: 'vscode',
    channel: { post: (message) => api.postMessage(message), onMessage: windowMessages(win) },
    boot,
    onVisible: documentVisibility(win.document),
  });
  // The extension's serializer (editor tabs) and view provider (sidebar) read `{ sessionId }`.
  return {
    ...bridge,
    rememberSession: (sessionId) => api.setState?.({ sessionId }),
    openInEditor: (path) => api.postMessage(viewRequestMessage({ type: 'openFile', path })),
  };
}
