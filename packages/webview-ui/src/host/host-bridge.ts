// The port between the chat UI and the program that shows it (a browser tab served by `wave
// web`, a VS Code webview, an Electron renderer, a test page). Every host gives the UI the same
// three things: a channel for Wave's protocol (JSON-RPC messages, relayed to the agent), how to
// start (open a session in a folder, or attach to one the host opened), and its own commands
// (focus the input, put text in it). One adapter per host builds it from what that host offers.
import type { PortLike } from '@wave-agent/client';
import type { BootInfo } from './boot-info.js';
import type { HostCommand } from './host-commands.js';

export type HostKind = 'browser' | 'vscode' | 'electron';

export interface HostBridge {
  readonly kind: HostKind;
  /** Wave's protocol: whole JSON-RPC messages both ways (the client's message-port transport). */
  readonly port: PortLike;
  /** Which session to show. */
  readonly boot: BootInfo;
  /** The host's own commands to the view (VS Code's "focus input", "add selection"). */
  onHostCommand(listener: (command: HostCommand) => void): () => void;
  /**
   * The view is shown again after being hidden. A hidden view may have missed messages (VS Code
   * drops them), so the UI pulls the session state then.
   */
  onVisible(listener: () => void): () => void;
  /**
   * Keeps the session this view shows where the host finds it after a reload (VS Code: the
   * webview's state), so the view comes back with it. Hosts that reopen views otherwise omit it.
   */
  readonly rememberSession?: (sessionId: string) => void;
  /** Opens a file in the host's editor (VS Code: a memory file of /memory N); absent elsewhere. */
  readonly openInEditor?: (path: string) => void;
}

/** What every adapter is built from: a channel of whole messages (postMessage-like). */
export interface RawChannel {
  post(message: unknown): void;
  onMessage(listener: (data: unknown) => void): () => void;
}
