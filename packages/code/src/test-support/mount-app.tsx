// Mounts the App in the frame harness, ready for events and keys: the real @wave-agent/client
// (in-process transport) on a ScriptedServer the test drives.

import { inProcessTransport, WaveClient } from '@wave-agent/client';
import type { SessionHandle } from '@wave-agent/client';
import type { AppProps } from '../ui/App.js';
import { App } from '../ui/App.js';
import type { FrameRecorder, TerminalOptions } from './ink-frames.js';
import { renderFrames, settle } from './ink-frames.js';
import { ScriptedServer } from './scripted-server.js';

export interface MountedApp {
  readonly server: ScriptedServer;
  /** The client's handle the App shows. */
  readonly session: SessionHandle;
  readonly terminal: FrameRecorder;
  /** Emits events, then lets React render them (one batch, like one tick of the agent). */
  emit(...events: Parameters<ScriptedServer['emit']>): Promise<void>;
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
  altT: '\u001Bt',
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

/** The real client's session over a scripted server (for tests that render the App themselves). */
export async function sessionOn(server: ScriptedServer): Promise<SessionHandle> {
  return new WaveClient(inProcessTransport(server)).open({ workdir: server.state.workdir });
}

export async function mountApp(
  options: TerminalOptions & {
    readonly server?: ScriptedServer;
    readonly props?: Partial<Omit<AppProps, 'session'>>;
  } = {},
): Promise<MountedApp> {
  const server = options.server ?? new ScriptedServer();
  const session = await sessionOn(server);
  const terminal = renderFrames(<App session={session} {...options.props} />, options);
  await settle();
  const type = async (input: string): Promise<void> => {
    terminal.type(input);
    // A lone Esc is held back by Ink for one turn of the event loop (it may start a sequence).
    await settle();
    await settle();
  };
  return {
    server,
    session,
    terminal,
    emit: async (...events) => {
      server.emit(...events);
      await settle();
    },
    type,
    send: async (text) => {
      for (const char of text) await type(char);
      await type(KEYS.enter);
    },
  };
}
