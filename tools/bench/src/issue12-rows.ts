// The rows of issue 12's table (and issue 27's additions) for one build of wave: each figure
// beside the floor of the same run or, for the terminal rows, beside Claude Code's when it ran.
import { bytes, fixed } from './bench-table.js';
import type { Row } from './bench-table.js';
import type { BuildFigures, Issue12Figures, TerminalFigures } from './issue12.js';
import { IDLE_CPU_BUDGET_SECONDS, ISSUE12_GOALS } from './issue12-goals.js';
import type { Goal } from './issue12-goals.js';
import { BOUNDS } from './regression-bounds.js';
import type { Bound } from './regression-bounds.js';

/** The terminal rows against the peer when one ran, else against the floor. */
function terminalRows(
  build: BuildFigures,
  f: Issue12Figures,
  peer: TerminalFigures | undefined,
  goals: (goal: Goal, bound: Bound) => Pick<Row, 'goal' | 'bound'>,
): Row[] {
  const idle: Row = {
    name: 'CPU in the first 5 s idle at the prompt',
    floor: peer ? `${peer.label}: ${fixed(peer.idleCpuSeconds, 2)} s` : '',
    wave: `${fixed(build.idleCpuSeconds, 2)} s`,
    ratio: build.idleCpuSeconds / IDLE_CPU_BUDGET_SECONDS,
    ...goals(ISSUE12_GOALS.idleCpu, BOUNDS.idleCpu),
  };
  if (!peer) {
    return [
      {
        name: 'interactive UI (pty), CPU during the stream',
        floor: `floor ${fixed(f.floor.cpu, 2)} s`,
        wave: `${fixed(build.uiCpuSeconds, 2)} s`,
        ratio: build.uiCpuSeconds / f.floor.cpu,
        ...goals(ISSUE12_GOALS.uiCpuFloor, BOUNDS.uiCpu),
      },
      {
        name: 'interactive UI (pty), bytes to the terminal',
        floor: `${bytes(f.replyBytes)} reply`,
        wave: bytes(build.uiBytes),
        ratio: build.uiBytes / f.replyBytes,
        ...goals(ISSUE12_GOALS.uiBytesFloor, BOUNDS.uiBytes),
      },
      idle,
    ];
  }
  return [
    {
      name: 'interactive UI (pty), CPU during the stream',
      floor: `${peer.label}: ${fixed(peer.uiCpuSeconds, 2)} s`,
      wave: `${fixed(build.uiCpuSeconds, 2)} s`,
      ratio: build.uiCpuSeconds / peer.uiCpuSeconds,
      ...goals(ISSUE12_GOALS.uiCpu, BOUNDS.uiCpuPeer),
    },
    {
      name: '  the same against the floor (headless)',
      floor: `floor ${fixed(f.floor.cpu, 2)} s`,
      wave: `${fixed(build.uiCpuSeconds, 2)} s`,
      ratio: build.uiCpuSeconds / f.floor.cpu,
    },
    {
      name: 'interactive UI (pty), bytes to the terminal',
      floor: `${peer.label}: ${bytes(peer.uiBytes)}`,
      wave: bytes(build.uiBytes),
      ratio: build.uiBytes / peer.uiBytes,
      ...goals(ISSUE12_GOALS.uiBytes, BOUNDS.uiBytesPeer),
    },
    {
      name: '  the same against the reply',
      floor: `${bytes(f.replyBytes)} reply`,
      wave: bytes(build.uiBytes),
      ratio: build.uiBytes / f.replyBytes,
    },
    idle,
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
    ...terminalRows(build, f, f.peers[0], goals),
  ];
}
