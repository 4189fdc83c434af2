// The rows of issue 12's table (and issue 27's additions) for one build of wave: each figure
// beside the floor of the same run or, for the terminal rows, beside each peer that ran (Claude
// Code's goals are the issue's; Codex's are the same words: below it).
import { bytes, fixed } from './bench-table.js';
import type { Row } from './bench-table.js';
import type { BuildFigures, Issue12Figures } from './issue12.js';
import { IDLE_CPU_BUDGET_SECONDS, ISSUE12_GOALS } from './issue12-goals.js';
import type { Goal } from './issue12-goals.js';
import { BOUNDS } from './regression-bounds.js';
import type { Bound } from './regression-bounds.js';
import type { PeerKey } from './terminal-program.js';

/**
 * Each peer's goals and gates for the terminal rows (Claude Code's are the issue's own). The bytes
 * beside a peer have a goal but no gate: both peers redraw one screen and keep little of the reply
 * in the scrollback, so what they write follows how many frames the load lets them paint (Claude
 * Code 42-66 KB over runs of the same reply); Wave's bytes are gated against the reply instead.
 */
const PEER_GOALS: Record<
  PeerKey,
  { readonly cpu: Goal; readonly cpuBound: Bound; readonly bytes: Goal }
> = {
  claudeCode: {
    cpu: ISSUE12_GOALS.uiCpu,
    cpuBound: BOUNDS.uiCpuPeer,
    bytes: ISSUE12_GOALS.uiBytes,
  },
  codex: {
    cpu: ISSUE12_GOALS.uiCpuCodex,
    cpuBound: BOUNDS.uiCpuCodex,
    bytes: ISSUE12_GOALS.uiBytesCodex,
  },
};

/** A clock tick of /proc's CPU times: an idle figure of 0 is below it, not nothing. */
const CPU_TICK_SECONDS = 0.01;

/** The terminal rows against each peer that ran, else against the floor. */
function terminalRows(
  build: BuildFigures,
  f: Issue12Figures,
  goals: (goal: Goal, bound: Bound) => Pick<Row, 'goal' | 'bound'>,
  gated: boolean,
): Row[] {
  const peers = f.peers.flatMap((peer) =>
    peer.peer === undefined ? [] : [{ figures: peer, goals: PEER_GOALS[peer.peer] }],
  );
  const [first] = peers;
  const idle: Row = {
    name: 'CPU in the first 5 s idle at the prompt',
    floor: first ? `${first.figures.label}: ${fixed(first.figures.idleCpuSeconds, 2)} s` : '',
    wave: `${fixed(build.idleCpuSeconds, 2)} s`,
    ratio: build.idleCpuSeconds / IDLE_CPU_BUDGET_SECONDS,
    ...goals(ISSUE12_GOALS.idleCpu, BOUNDS.idleCpu),
  };
  const cpuFloor: Row = {
    name: 'interactive UI (pty), CPU during the stream',
    floor: `floor ${fixed(f.floor.cpu, 2)} s`,
    wave: `${fixed(build.uiCpuSeconds, 2)} s`,
    ratio: build.uiCpuSeconds / f.floor.cpu,
  };
  const bytesReply: Row = {
    name: 'interactive UI (pty), bytes to the terminal',
    floor: `${bytes(f.replyBytes)} reply`,
    wave: bytes(build.uiBytes),
    ratio: build.uiBytes / f.replyBytes,
  };
  if (!first) {
    return [
      { ...cpuFloor, ...goals(ISSUE12_GOALS.uiCpuFloor, BOUNDS.uiCpu) },
      { ...bytesReply, ...goals(ISSUE12_GOALS.uiBytesFloor, BOUNDS.uiBytes) },
      idle,
    ];
  }
  const beside = (index: number, what: string) =>
    index === 0
      ? `interactive UI (pty), ${what}`
      : `  the same beside ${peers[index]?.figures.label}`;
  return [
    ...peers.map(({ figures: peer, goals: peerGoals }, index): Row => ({
      name: beside(index, 'CPU during the stream'),
      floor: `${peer.label}: ${fixed(peer.uiCpuSeconds, 2)} s`,
      wave: `${fixed(build.uiCpuSeconds, 2)} s`,
      ratio: build.uiCpuSeconds / peer.uiCpuSeconds,
      ...goals(peerGoals.cpu, peerGoals.cpuBound),
    })),
    { ...cpuFloor, name: '  the same against the floor (headless)' },
    ...peers.map(({ figures: peer, goals: peerGoals }, index): Row => ({
      name: beside(index, 'bytes to the terminal'),
      floor: `${peer.label}: ${bytes(peer.uiBytes)}`,
      wave: bytes(build.uiBytes),
      ratio: build.uiBytes / peer.uiBytes,
      goal: peerGoals.bytes,
    })),
    {
      ...bytesReply,
      name: '  the same against the reply',
      ...(gated ? { bound: BOUNDS.uiBytes } : {}),
    },
    idle,
    ...peers.slice(1).map(({ figures: peer }): Row => ({
      name: `  idle beside ${peer.label}`,
      floor: `${peer.label}: ${fixed(peer.idleCpuSeconds, 2)} s`,
      wave: `${fixed(build.idleCpuSeconds, 2)} s`,
      ratio: build.idleCpuSeconds / Math.max(peer.idleCpuSeconds, CPU_TICK_SECONDS),
    })),
  ];
}

/** The issue-12 rows of one build; `gated`: the regression gates apply (this tree's build). */
export function buildRows(build: BuildFigures, f: Issue12Figures, gated: boolean): Row[] {
  const { floor } = f;
  const goals = (goal: Goal, bound: Bound) => (gated ? { goal, bound } : { goal });
  return [
    {
      name: 'headless -p CPU (user+sys)',
      floor: `floor ${fixed(floor.cpu, 2)} s`,
      wave: `${fixed(build.headlessCpu, 2)} s`,
      ratio: build.headlessCpu / floor.cpu,
      ...goals(ISSUE12_GOALS.headlessCpu, BOUNDS.headlessCpu),
    },
    {
      name: '  reference: the AI SDK provider alone',
      floor: `floor ${fixed(floor.cpu, 2)} s`,
      wave: `${fixed(f.aiSdkCpu, 2)} s`,
      ratio: f.aiSdkCpu / floor.cpu,
    },
    ...f.headlessPeers.map((peer): Row => ({
      name: `  peer: ${peer.label}`,
      floor: `floor ${fixed(floor.cpu, 2)} s`,
      wave: `${fixed(peer.cpu, 2)} s`,
      ratio: peer.cpu / floor.cpu,
    })),
    {
      name: 'start-up to first byte (1-chunk reply)',
      floor: `floor ${fixed(floor.firstByteMs, 0)} ms`,
      wave: `${fixed(build.firstByteMs, 0)} ms`,
      ratio: build.firstByteMs / floor.firstByteMs,
      ...goals(ISSUE12_GOALS.firstByte, BOUNDS.firstByte),
    },
    {
      name: 'headless peak RSS',
      floor: `floor ${fixed(floor.rssMiB, 0)} MiB`,
      wave: `${fixed(build.peakRssMiB, 0)} MiB`,
      ratio: build.peakRssMiB / floor.rssMiB,
      ...goals(ISSUE12_GOALS.peakRss, BOUNDS.peakRss),
    },
    ...terminalRows(build, f, goals, gated),
  ];
}
