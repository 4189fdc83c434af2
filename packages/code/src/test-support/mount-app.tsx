// Mounts the App on a FakeAgent in the frame harness, ready for events and keys.

import type { AppProps } from '../ui/App.js';
import { App } from '../ui/App.js';
import { createPermissionBridge } from '../ui/permission/permission-bridge.js';
import type { PermissionBridge } from '../ui/permission/permission-bridge.js';
import { FakeAgent } from './fake-agent.js';
import type { FrameRecorder, TerminalOptions } from './ink-frames.js';
import { renderFrames, settle } from './ink-frames.js';

export interface MountedApp {
  readonly agent: FakeAgent;
  readonly bridge: PermissionBridge;
  readonly terminal: FrameRecorder;
  /** Emits events, then lets React render them (one batch, like one tick of the SDK). */
  emit(...events: Parameters<FakeAgent['emit']>): Promise<void>;
  /** Types one input chunk, then lets React render it. */
  type(input: string): Promise<void>;
  /** Types `text` key by key, then Enter. */
  send(text: string): Promise<void>;
}

export const KEYS = {
  enter: '\r',
  escape: '\u001B',
  tab: '\t',
  shiftTab: '\u001B[Z',
  up: '\u001B[A',
  down: '\u001B[B',
  backspace: '\u007F',
  ctrlC: '\u0003',
  ctrlO: '\u000F',
  ctrlD: '\u0004',
  altEnter: '\u001B\r',
  pageUp: '\u001B[5~',
  pageDown: '\u001B[6~',
} as const;

export async function mountApp(
  options: TerminalOptions & {
    readonly agent?: FakeAgent;
    readonly props?: Partial<Omit<AppProps, 'agent' | 'permissionBridge'>>;
  } = {},
): Promise<MountedApp> {
  const agent = options.agent ?? new FakeAgent();
  const bridge = createPermissionBridge();
  const terminal = renderFrames(
    <App agent={agent} permissionBridge={bridge} queueFeed={agent.queueFeed} {...options.props} />,
    options,
  );
  await settle();
  const type = async (input: string): Promise<void> => {
    terminal.type(input);
    // A lone Esc is held back by Ink for one turn of the event loop (it may start a sequence).
    await settle();
    await settle();
  };
  return {
    agent,
    bridge,
    terminal,
    emit: async (...events) => {
      agent.emit(...events);
      await settle();
    },
    type,
    send: async (text) => {
      for (const char of text) await type(char);
      await type(KEYS.enter);
    },
  };
}
