// Issue 10: events a second through each transport of @wave-agent/client, for the same stream
// (issue 12's long reply, sent with no pause between chunks, so the figure is what the path can
// carry): in-process over the protocol server, a message port (a MessageChannel relayed to
// `wave --stdio`, as a webview and its extension host do), and the child process `wave --stdio`.
// The events counted are the agent's own (taken in-process, where none are coalesced); the time
// is from the message sent until the client has the end of the turn, and the client's final text
// must be the whole reply.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { createWaveServer } from '@wave-agent/agent-sdk';
import {
  inProcessTransport,
  messagePortTransport,
  portChannel,
  transportOverLink,
  WaveClient,
} from '@wave-agent/client';
import { childProcessLink, relayPort } from '@wave-agent/client/node';
import { benchEnv } from './bench-env.js';
import { median } from './headless.js';
import { AT_ONCE_PROMPT, issue12Scenario, LONG_REPLY_TEXT } from './issue12-reply.js';
import { startMockLlmProcess } from './mock-llm-process.js';
import type { WaveCommand } from './wave-command.js';

export const TRANSPORTS = ['in-process', 'message port', 'child process'] as const;
export type TransportName = (typeof TRANSPORTS)[number];

export interface TransportFigures {
  readonly transport: TransportName;
  /** The agent's events for the stream (in-process count). */
  readonly events: number;
  readonly seconds: number;
  readonly eventsPerSecond: number;
}

interface Host {
  readonly client: WaveClient;
  close(): Promise<void>;
}

const quietLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: (message: string) => process.stderr.write(`bench: the in-process server: ${message}\n`),
};

function startHost(name: TransportName, wave: WaveCommand, mockUrl: string, home: string): Host {
  if (name === 'in-process') {
    const server = createWaveServer({
      agentOptionsFor: () => ({ env: {}, waveHome: home, retry: { maxRetries: 0 } }),
      workdir: home,
      waveHome: home,
      logger: quietLogger,
      permissionQuestions: {},
    });
    const transport = inProcessTransport(server);
    return {
      client: new WaveClient(transport),
      close: async () => {
        await transport.close();
        await server.close();
      },
    };
  }
  const child = childProcessLink({
    args: [...wave.nodeArgs, '--stdio'],
    cwd: home,
    env: benchEnv({ mockUrl, home }),
    onStderr: (text) => process.stderr.write(text),
  });
  if (name === 'child process') {
    return { client: new WaveClient(transportOverLink(child)), close: () => child.close() };
  }
  const { port1, port2 } = new MessageChannel();
  const stopRelay = relayPort(portChannel(port2), child);
  return {
    client: new WaveClient(messagePortTransport(portChannel(port1))),
    close: async () => {
      stopRelay();
      port1.close();
      port2.close();
      await child.close();
    },
  };
}

/** One stream through one transport: its events (as the client saw them) and wall seconds. */
async function streamOnce(
  name: TransportName,
  wave: WaveCommand,
  mockUrl: string,
): Promise<{ seen: number; seconds: number }> {
  const home = mkdtempSync(join(tmpdir(), 'wave-bench-transport-'));
  const host = startHost(name, wave, mockUrl, home);
  try {
    const session = await host.client.open({
      workdir: home,
      provider: 'openai',
      model: 'bench',
      baseURL: `${mockUrl}/v1`,
      apiKey: 'bench',
    });
    let seen = 0;
    const ended = new Promise<void>((resolve) => {
      session.onEvent((event) => {
        seen++;
        if (event.type === 'turnEnded') resolve();
      });
    });
    const started = performance.now();
    await session.sendMessage(AT_ONCE_PROMPT);
    await Promise.race([
      ended,
      new Promise((_, reject) =>
        setTimeout(
          () => reject(new Error(`${name}: the turn did not end within 120 s.`)),
          120_000,
        ).unref(),
      ),
    ]);
    const seconds = (performance.now() - started) / 1000;
    const reply = session.getSnapshot().conversation.messages.at(-1);
    const text = reply?.blocks
      .map((block) => (block.type === 'text' ? block.content : ''))
      .join('');
    if (text !== LONG_REPLY_TEXT) {
      throw new Error(
        `${name}: the client holds ${text?.length ?? 0} characters, not the reply's ${LONG_REPLY_TEXT.length}.`,
      );
    }
    return { seen, seconds };
  } finally {
    await host.close();
    rmSync(home, { recursive: true, force: true });
  }
}

/** Medians of `runs` streams through each transport, interleaved. */
export async function benchTransports(
  wave: WaveCommand,
  runs: number,
): Promise<TransportFigures[]> {
  const server = await startMockLlmProcess(issue12Scenario);
  try {
    const seconds = new Map<TransportName, number[]>(TRANSPORTS.map((name) => [name, []]));
    let events = 0;
    for (let i = 0; i < runs; i++) {
      for (const name of TRANSPORTS) {
        const run = await streamOnce(name, wave, server.url);
        if (name === 'in-process') events = run.seen;
        seconds.get(name)?.push(run.seconds);
      }
    }
    return TRANSPORTS.map((transport) => {
      const wall = median(seconds.get(transport) ?? []);
      return { transport, events, seconds: wall, eventsPerSecond: events / wall };
    });
  } finally {
    await server.close();
  }
}
