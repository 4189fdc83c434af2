// A host of each kind, as the products run them: the client over `wave --stdio` as a child
// process (an editor extension), over a message port whose other end a dumb relay connects to
// `wave --stdio` (a webview and its extension host), and in-process over the protocol server
// (the terminal UI). Every wait is bounded; every process and folder is cleaned up.
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { createWaveServer } from '@wave-agent/agent-sdk';
import type { Logger } from '@wave-agent/agent-sdk';
import {
  inProcessTransport,
  messagePortTransport,
  portChannel,
  transportOverLink,
  WaveClient,
} from '@wave-agent/client';
import type { Transport } from '@wave-agent/client';
import { childProcessLink, relayPort } from '@wave-agent/client/node';
import type { ChildProcessLink } from '@wave-agent/client/node';
import { bridgeCommand } from './bridge-command.js';

export const TRANSPORTS = ['child process', 'message port', 'in-process'] as const;
export type TransportName = (typeof TRANSPORTS)[number];

export interface Host {
  readonly client: WaveClient;
  readonly transport: Transport;
  /** The `wave --stdio` child, for the transports that run one. */
  readonly child: ChildProcessLink | undefined;
  /** What the child (or the in-process server) logged. */
  stderr(): string;
  /** Closes the transport (the child exits as when its host leaves); resolves when it has. */
  close(): Promise<void>;
}

const INHERITED_NOISE =
  /^(WAVE_(?!SANDBOX_DEFAULT$)|ANTHROPIC_|OPENAI_|CLAUDE_|INIT_CWD$|npm_|NODE_OPTIONS$)/;

function childEnv(waveHome: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (value !== undefined && !INHERITED_NOISE.test(key)) env[key] = value;
  // Never the user's real ~/.claude.
  const noClaudeHome = join(waveHome, 'no-claude-home');
  return {
    ...env,
    WAVE_HOME: waveHome,
    WAVE_MAX_RETRIES: '0',
    CLAUDE_CONFIG_DIR: noClaudeHome,
    ...extra,
  };
}

export interface HostOptions {
  readonly waveHome: string;
  /** Where wave runs (listSessions without a workdir lists it). */
  readonly cwd: string;
  /** More environment for `wave --stdio`. */
  readonly env?: Record<string, string>;
}

export function startHost(name: TransportName, options: HostOptions): Host {
  let stderr = '';
  if (name === 'in-process') {
    const logger: Logger = {
      debug: () => undefined,
      info: () => undefined,
      warn: (message) => (stderr += `warning: ${message}\n`),
      error: (message) => (stderr += `error: ${message}\n`),
    };
    const server = createWaveServer({
      agentOptionsFor: () => ({ env: {}, waveHome: options.waveHome, retry: { maxRetries: 0 } }),
      workdir: options.cwd,
      waveHome: options.waveHome,
      logger,
      permissionQuestions: {},
    });
    const transport = inProcessTransport(server);
    return {
      client: new WaveClient(transport),
      transport,
      child: undefined,
      stderr: () => stderr,
      close: async () => {
        await transport.close();
        await server.close();
      },
    };
  }
  const command = bridgeCommand();
  // CI output shows which bridge was tested.
  console.log(command.description);
  const child = childProcessLink({
    args: command.args,
    cwd: options.cwd,
    env: childEnv(options.waveHome, options.env ?? {}),
    onStderr: (text) => (stderr = (stderr + text).slice(-20_000)),
  });
  if (name === 'child process') {
    const transport = transportOverLink(child);
    return {
      client: new WaveClient(transport),
      transport,
      child,
      stderr: () => stderr,
      close: () => child.close(),
    };
  }
  const { port1, port2 } = new MessageChannel();
  const stopRelay = relayPort(portChannel(port2), child);
  const transport = messagePortTransport(portChannel(port1));
  return {
    client: new WaveClient(transport),
    transport,
    child,
    stderr: () => stderr,
    close: async () => {
      stopRelay();
      port1.close();
      port2.close();
      await child.close();
    },
  };
}
