// Issue 22: the CPU a host process spends relaying one session to its view (a VS Code extension
// host, Electron's main process), for issue 12's 2,000-chunk reply. The host shares one
// `wave --stdio` between its own client and the view's relay (as both hosts do); the view is a
// port whose far end only looks for the turn's end. Measured twice in one run: with the host's
// client keeping each session's state live (validating and reducing every batch a second time)
// and with it `onDemand` (following the session's id, pulling state only when it needs it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { portChannel, transportOverLink, WaveClient } from '@wave-agent/client';
import { childProcessLink, relayPort, shareLink } from '@wave-agent/client/node';
import { benchEnv } from './bench-env.js';
import { median } from './headless.js';
import { issue12Scenario, STREAM_PROMPT } from './issue12-reply.js';
import { startMockLlmProcess } from './mock-llm-process.js';
import type { WaveCommand } from './wave-command.js';

export const HOST_MODES = ['live', 'onDemand'] as const;
export type HostMode = (typeof HOST_MODES)[number];

export interface HostRelayFigures {
  /** CPU seconds of the host process for the reply, median, per mode of the host's client. */
  readonly cpuSeconds: Readonly<Record<HostMode, number>>;
}

const TURN_MS = 120_000;

function hasTurnEnd(message: unknown): boolean {
  if (typeof message !== 'object' || message === null) return false;
  const params = (message as { params?: { events?: unknown } }).params;
  return (
    Array.isArray(params?.events) &&
    params.events.some(
      (event: unknown) =>
        typeof event === 'object' &&
        event !== null &&
        (event as { type?: unknown }).type === 'turnEnded',
    )
  );
}

async function relayOnce(mode: HostMode, wave: WaveCommand, mockUrl: string): Promise<number> {
  const home = mkdtempSync(join(tmpdir(), 'wave-bench-host-'));
  const shared = shareLink(
    childProcessLink({
      args: [...wave.nodeArgs, '--stdio'],
      cwd: home,
      env: benchEnv({ mockUrl, home }),
      onStderr: (text) => process.stderr.write(text),
    }),
  );
  const host = new WaveClient(transportOverLink(shared.open()), { sessionState: mode });
  const { port1, port2 } = new MessageChannel();
  const stopRelay = relayPort(portChannel(port2), shared.open({ routeBySession: true }));
  try {
    const session = await host.open({ workdir: home });
    // The view joins the session the host opened, as a webview does; it reads nothing else.
    const view = portChannel(port1);
    let ended!: () => void;
    const turnEnded = new Promise<void>((resolve) => (ended = resolve));
    view.onMessage((message) => {
      if (hasTurnEnd(message)) ended();
    });
    view.postMessage({
      jsonrpc: '2.0',
      id: 1,
      method: 'attachSession',
      params: { sessionId: session.id },
    });
    const before = process.cpuUsage();
    await session.sendMessage(STREAM_PROMPT);
    await Promise.race([
      turnEnded,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`host relay (${mode}): no turn end`)), TURN_MS).unref(),
      ),
    ]);
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1e6;
  } finally {
    stopRelay();
    port1.close();
    port2.close();
    host.dispose();
    await shared.close();
    rmSync(home, { recursive: true, force: true });
  }
}

/** Medians of `runs` relays per mode, interleaved. */
export async function benchHostRelay(wave: WaveCommand, runs: number): Promise<HostRelayFigures> {
  const server = await startMockLlmProcess(issue12Scenario);
  try {
    const seconds: Record<HostMode, number[]> = { live: [], onDemand: [] };
    for (let i = 0; i < runs; i++)
      for (const mode of HOST_MODES) seconds[mode].push(await relayOnce(mode, wave, server.url));
    return { cpuSeconds: { live: median(seconds.live), onDemand: median(seconds.onDemand) } };
  } finally {
    await server.close();
  }
}
