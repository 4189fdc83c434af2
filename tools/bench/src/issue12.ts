// Issue 12's table, measured in one run against one mock-llm: each row for Wave beside the floor
// (a bare Node client), medians of `runs`, and the ratios the issue's goals are stated in. The
// CPU row also runs the AI SDK's provider alone (with its zod check of every chunk). Other
// builds of wave (an older commit's bundle) can be measured on every row in the same run.
import { AI_SDK, benchHeadless, FLOOR, median, printMode } from './headless.js';
import type { Client, ClientFigures, RunFigures } from './headless.js';
import {
  CHUNK_CHARS,
  CONTENT_CHUNKS,
  LONG_REPLY_TEXT,
  issue12Scenario,
  ONE_CHUNK_PROMPT,
  ONE_CHUNK_REPLY,
  REASONING_CHUNKS,
  REPLY_CHARS,
  STREAM_PROMPT,
} from './issue12-reply.js';
import { startMockLlmProcess } from './mock-llm-process.js';
import { benchUiPty } from './ui-pty.js';
import type { PtyFigures } from './ui-pty.js';
import { waveTerminal } from './terminal-program.js';
import type { PeerKey, TerminalProgram } from './terminal-program.js';
import { benchWebUi } from './web-ui.js';
import type { WebUiFigures } from './web-ui.js';
import type { WaveCommand } from './wave-command.js';

/** A terminal program's figures on the terminal rows (Wave's or a peer's). */
export interface TerminalFigures {
  readonly label: string;
  /** Which peer ran (none for a build of Wave). */
  readonly peer?: PeerKey;
  readonly idleCpuSeconds: number;
  readonly uiCpuSeconds: number;
  readonly uiBytes: number;
  readonly uiFrames: number;
  /** Every problem with the words on screen, in any run, at the end or after the resize. */
  readonly uiProblems: readonly string[];
}

/** One build's figures on every row. */
export interface BuildFigures extends TerminalFigures {
  readonly headlessCpu: number;
  readonly firstByteMs: number;
  readonly peakRssMiB: number;
}

export interface Issue12Figures {
  readonly floor: { readonly cpu: number; readonly firstByteMs: number; readonly rssMiB: number };
  readonly aiSdkCpu: number;
  /** Peers' headless modes (codex exec), their CPU for the long stream. */
  readonly headlessPeers: readonly { readonly label: string; readonly cpu: number }[];
  /** This tree's build first, then the compared ones. */
  readonly builds: readonly BuildFigures[];
  /** The peers' terminal figures, measured in the same rounds as Wave's. */
  readonly peers: readonly TerminalFigures[];
  readonly replyBytes: number;
  /** The same reply in the web UI (wave web and Chromium). */
  readonly web: WebUiFigures;
}

function medianOf(
  figures: ClientFigures,
  client: Client,
  pick: (run: RunFigures) => number,
): number {
  const runs = figures.get(client);
  if (!runs || runs.length === 0) throw new Error(`No runs of ${client.label} were measured.`);
  return median(runs.map(pick));
}

function uiProblems(runs: readonly PtyFigures[]): string[] {
  return runs.flatMap((run, index) => [
    ...run.problemsAtEnd.map((problem) => `run ${index + 1}, end of the stream: ${problem}`),
    ...run.problemsAfterResize.map((problem) => `run ${index + 1}, after a resize: ${problem}`),
  ]);
}

function terminalFigures(
  label: string,
  runs: readonly PtyFigures[],
  peer?: PeerKey,
): TerminalFigures {
  return {
    label,
    ...(peer === undefined ? {} : { peer }),
    idleCpuSeconds: median(runs.map((r) => r.idleCpuSeconds)),
    uiCpuSeconds: median(runs.map((r) => r.cpuSeconds)),
    uiBytes: median(runs.map((r) => r.bytesWritten)),
    uiFrames: median(runs.map((r) => r.frames)),
    uiProblems: uiProblems(runs),
  };
}

/** Runs of the start-up row per run of the others (alternated with the floor's, like them). */
const START_RUNS_PER_RUN = 5;

export async function benchIssue12(
  waves: readonly WaveCommand[],
  runs: number,
  peers: readonly TerminalProgram[] = [],
  headlessPeers: readonly Client[] = [],
): Promise<Issue12Figures> {
  const server = await startMockLlmProcess(issue12Scenario);
  try {
    const builds = waves.map((wave) => ({ wave, client: printMode(wave) }));
    const waveClients = builds.map((build) => build.client);
    // One unmeasured round, so disk caches and the mock are warm for all.
    await benchHeadless([FLOOR, ...waveClients], server.url, ONE_CHUNK_PROMPT, ONE_CHUNK_REPLY, 1);
    // A start is a fifth of a second that the machine's load moves by as much: more runs of it.
    const start = await benchHeadless(
      [FLOOR, ...waveClients],
      server.url,
      ONE_CHUNK_PROMPT,
      ONE_CHUNK_REPLY,
      runs * START_RUNS_PER_RUN,
    );
    const stream = await benchHeadless(
      [FLOOR, AI_SDK, ...waveClients, ...headlessPeers],
      server.url,
      STREAM_PROMPT,
      LONG_REPLY_TEXT,
      runs,
    );
    // Wave and the peers in turn, round after round, so all see the same load.
    const terminals = new Map<WaveCommand | TerminalProgram, PtyFigures[]>(
      [...waves, ...peers].map((program) => [program, []]),
    );
    for (let i = 0; i < runs; i++) {
      for (const wave of waves)
        terminals.get(wave)?.push(await benchUiPty(waveTerminal(wave), server.url));
      for (const peer of peers) terminals.get(peer)?.push(await benchUiPty(peer, server.url));
    }
    // The web UI of this tree's build.
    const [own] = waves;
    if (!own) throw new Error('The issue-12 benchmark was given no build of wave.');
    const web = await benchWebUi(own, server.url, runs);
    return {
      floor: {
        cpu: medianOf(stream, FLOOR, (r) => r.cpuSeconds),
        firstByteMs: medianOf(start, FLOOR, (r) => r.firstByteMs),
        rssMiB: medianOf(stream, FLOOR, (r) => r.maxRssMiB),
      },
      aiSdkCpu: medianOf(stream, AI_SDK, (r) => r.cpuSeconds),
      headlessPeers: headlessPeers.map((peer) => ({
        label: peer.label,
        cpu: medianOf(stream, peer, (r) => r.cpuSeconds),
      })),
      builds: builds.map(({ wave, client }) => ({
        ...terminalFigures(wave.label, terminals.get(wave) ?? []),
        headlessCpu: medianOf(stream, client, (r) => r.cpuSeconds),
        firstByteMs: medianOf(start, client, (r) => r.firstByteMs),
        peakRssMiB: medianOf(stream, client, (r) => r.maxRssMiB),
      })),
      peers: peers.map((peer) => terminalFigures(peer.label, terminals.get(peer) ?? [], peer.peer)),
      replyBytes: REPLY_CHARS,
      web,
    };
  } finally {
    await server.close();
  }
}

export const ISSUE12_TITLE =
  `Issue 12: ${REASONING_CHUNKS} reasoning + ${CONTENT_CHUNKS.toLocaleString('en')} content chunks of ` +
  `${CHUNK_CHARS} characters, 2 ms apart, from tools/mock-llm; Wave beside the floor (bare Node: fetch, parse SSE, write)`;
