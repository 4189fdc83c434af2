// `pnpm bench`: every benchmark, printed as tables, with the checks that must hold. It exits
// non-zero when one fails: a scaling check, the UI's every-word-once check, or a ratio past its
// regression bound (regression-bounds.ts). `BENCH_ONLY=issue12` runs the issue-12 table alone,
// `BENCH_ONLY=transports` the transports of @wave-agent/client alone, `BENCH_ONLY=host-relay` a
// relaying host's CPU alone.
import { benchSdkStream } from './sdk-stream.js';
import { benchLongReply } from './long-reply.js';
import { benchSessionResume } from './session-resume.js';
import { benchUiDelta } from './ui-delta.js';
import { benchIssue12, ISSUE12_TITLE } from './issue12.js';
import type { BuildFigures, Issue12Figures } from './issue12.js';
import { goalMark, ISSUE12_GOALS } from './issue12-goals.js';
import type { Goal } from './issue12-goals.js';
import { issue12Scenario } from './issue12-reply.js';
import { startMockLlmProcess } from './mock-llm-process.js';
import { BOUNDS, regressions } from './regression-bounds.js';
import type { Bound, Check } from './regression-bounds.js';
import { benchHostRelay } from './host-relay.js';
import { benchTransports } from './transports.js';
import { benchWebUi } from './web-ui.js';
import type { WebUiFigures } from './web-ui.js';
import { comparedCommands, waveCommand } from './wave-command.js';
import type { WaveCommand } from './wave-command.js';

const MAX_STREAM_RATIO = 2.2;
const MAX_DELTA_RATIO = 1.5;
/** Session bytes per character, 8-character chunks over 32-character ones. */
const MAX_DISK_CHUNK_RATIO = 1.5;
const ISSUE12_RUNS = 3;
const TRANSPORT_RUNS = 3;

const fixed = (value: number, digits: number): string => value.toFixed(digits);
const times = (ratio: number): string => `${fixed(ratio, 2)}×`;
const bytes = (value: number): string => `${Math.round(value).toLocaleString('en')} B`;

/** The checks of this run, and the failures beside them (each a sentence). */
class Verdict {
  readonly checks: Check[] = [];
  readonly failures: string[] = [];

  bounded(bound: Bound, ratio: number): string {
    this.checks.push({ bound, ratio });
    return ratio <= bound.max ? `≤ ${bound.max}` : `REGRESSED (bound ${bound.max})`;
  }

  fail(failure: string): void {
    this.failures.push(failure);
  }
}

interface Row {
  readonly name: string;
  readonly floor: string;
  readonly wave: string;
  readonly ratio: number;
  readonly goal?: Goal;
  readonly bound?: Bound;
}

function printRows(rows: readonly Row[], verdict: Verdict): void {
  const header = `  ${'row'.padEnd(46)}${'floor'.padStart(16)}${'wave'.padStart(14)}  ${'ratio'.padEnd(8)}${'goal'.padEnd(44)}${'mark'.padEnd(9)}gate`;
  console.log(header);
  for (const row of rows) {
    const goal = row.goal ? row.goal.text : '';
    const mark = row.goal ? goalMark(row.goal, row.ratio) : '';
    const gate = row.bound ? verdict.bounded(row.bound, row.ratio) : '';
    console.log(
      `  ${row.name.padEnd(46)}${row.floor.padStart(16)}${row.wave.padStart(14)}  ${times(row.ratio).padEnd(8)}${goal.padEnd(44)}${mark.padEnd(9)}${gate}`,
    );
  }
}

/** The issue-12 rows of one build, ratios against the floor of the same run. */
function buildRows(build: BuildFigures, f: Issue12Figures, gated: boolean): Row[] {
  const { floor } = f;
  const goals = (goal: Goal, bound: Bound) => (gated ? { goal, bound } : { goal });
  return [
    {
      name: 'headless -p CPU (user+sys)',
      floor: `${fixed(floor.cpu, 2)} s`,
      wave: `${fixed(build.headlessCpu, 2)} s`,
      ratio: build.headlessCpu / floor.cpu,
      ...goals(ISSUE12_GOALS.headlessCpu, BOUNDS.headlessCpu),
    },
    {
      name: 'start-up to first byte (1-chunk reply)',
      floor: `${fixed(floor.firstByteMs, 0)} ms`,
      wave: `${fixed(build.firstByteMs, 0)} ms`,
      ratio: build.firstByteMs / floor.firstByteMs,
      ...goals(ISSUE12_GOALS.firstByte, BOUNDS.firstByte),
    },
    {
      name: 'headless peak RSS',
      floor: `${fixed(floor.rssMiB, 0)} MiB`,
      wave: `${fixed(build.peakRssMiB, 0)} MiB`,
      ratio: build.peakRssMiB / floor.rssMiB,
      ...goals(ISSUE12_GOALS.peakRss, BOUNDS.peakRss),
    },
    {
      name: 'interactive UI (pty), CPU during the stream',
      floor: `${fixed(floor.cpu, 2)} s`,
      wave: `${fixed(build.uiCpuSeconds, 2)} s`,
      ratio: build.uiCpuSeconds / floor.cpu,
      ...goals(ISSUE12_GOALS.uiCpu, BOUNDS.uiCpu),
    },
    {
      name: 'interactive UI (pty), bytes to the terminal',
      floor: `${bytes(f.replyBytes)} reply`,
      wave: bytes(build.uiBytes),
      ratio: build.uiBytes / f.replyBytes,
      ...goals(ISSUE12_GOALS.uiBytes, BOUNDS.uiBytes),
    },
  ];
}

function reportWords(build: BuildFigures, verdict: Verdict): void {
  console.log(
    `  UI frames written during the stream: ${build.uiFrames} (median); the UI's CPU is compared with the floor's headless CPU`,
  );
  if (build.uiProblems.length === 0) {
    console.log(
      '  every sentence of the reply shown exactly as often as the reply has it, at the end and after a resize',
    );
    return;
  }
  for (const problem of build.uiProblems) console.log(`  WORDS WRONG: ${problem}`);
  verdict.fail(`the UI of ${build.label} did not show every word exactly once`);
}

async function issue12(wave: WaveCommand, verdict: Verdict): Promise<void> {
  const compared = comparedCommands();
  console.log(`${ISSUE12_TITLE}; medians of ${ISSUE12_RUNS}; wave = ${wave.label}`);
  const f = await benchIssue12([wave, ...compared], ISSUE12_RUNS);
  const [build, ...others] = f.builds;
  if (!build) throw new Error('The issue-12 benchmark measured no build of wave.');
  const rows = buildRows(build, f, true);
  rows.splice(1, 0, {
    name: '  reference: the AI SDK provider alone',
    floor: `${fixed(f.floor.cpu, 2)} s`,
    wave: `${fixed(f.aiSdkCpu, 2)} s`,
    ratio: f.aiSdkCpu / f.floor.cpu,
  });
  printRows(rows, verdict);
  reportWords(build, verdict);
  printWebRows(f.web, f.replyBytes, build.uiCpuSeconds);
  for (const other of others) {
    console.log(`
  The same rows, same run, for ${other.label}:`);
    printRows(buildRows(other, f, false), verdict);
    reportWords(other, verdict);
  }
}

/** The web UI's rows: the same reply in wave web and Chromium, beside the pty UI's figures. */
function printWebRows(web: WebUiFigures, replyBytes: number, ptyCpuSeconds: number): void {
  const { stream, inputLatency: latency } = web;
  const rows: [string, string, string][] = [
    [
      'web UI (Chromium), page main-thread time',
      `${fixed(stream.mainThreadSeconds, 2)} s`,
      `${times(stream.mainThreadSeconds / ptyCpuSeconds)} the pty UI's CPU (script ${fixed(stream.scriptSeconds, 2)} s)`,
    ],
    [
      'web UI, wave web CPU during the stream',
      `${fixed(stream.serverCpuSeconds, 2)} s`,
      `${times(stream.serverCpuSeconds / ptyCpuSeconds)} the pty UI's CPU`,
    ],
    [
      'web UI, bytes over the socket',
      bytes(stream.socketBytes),
      `${times(stream.socketBytes / replyBytes)} the reply, in ${stream.socketMessages} messages`,
    ],
    [
      'web UI, input latency while streaming',
      `${fixed(latency.medianMs, 1)} ms`,
      `median of ${latency.keys} keys into a 1,000-message session; p95 ${fixed(latency.p95Ms, 1)} ms, max ${fixed(latency.maxMs, 1)} ms`,
    ],
  ];
  for (const [name, value, note] of rows)
    console.log(`  ${name.padEnd(46)}${''.padStart(16)}${value.padStart(14)}  ${note}`);
}

/** `BENCH_ONLY=web`: the web UI's figures alone (the issue-12 table has them beside the rest). */
async function webOnly(wave: WaveCommand): Promise<void> {
  const server = await startMockLlmProcess(issue12Scenario);
  try {
    const { stream, inputLatency } = await benchWebUi(wave, server.url, ISSUE12_RUNS);
    console.log(`Web UI, issue 12's stream; medians of ${ISSUE12_RUNS}; wave = ${wave.label}`);
    console.log(
      `  page main-thread time ${fixed(stream.mainThreadSeconds, 2)} s (script ${fixed(stream.scriptSeconds, 2)} s), ` +
        `wave web CPU ${fixed(stream.serverCpuSeconds, 2)} s, ` +
        `${bytes(stream.socketBytes)} over the socket in ${stream.socketMessages} messages`,
    );
    console.log(
      `  input latency while streaming into 1,000 messages: median ${fixed(inputLatency.medianMs, 1)} ms, ` +
        `p95 ${fixed(inputLatency.p95Ms, 1)} ms, max ${fixed(inputLatency.maxMs, 1)} ms (${inputLatency.keys} keys)`,
    );
  } finally {
    await server.close();
  }
}

const HOST_RELAY_RUNS = 3;

/** Issue 22: a relaying host's CPU, its client live (reducing every batch) and on demand. */
async function hostRelay(wave: WaveCommand, verdict: Verdict): Promise<void> {
  console.log(
    `\nIssue 22: host process CPU relaying issue 12's 2,000-chunk reply to its view, medians of ${HOST_RELAY_RUNS}`,
  );
  const { cpuSeconds } = await benchHostRelay(wave, HOST_RELAY_RUNS);
  const ratio = cpuSeconds.onDemand / cpuSeconds.live;
  console.log(
    `  host client live (reduces every batch) ${fixed(cpuSeconds.live, 2)} s; on demand (relays) ${fixed(cpuSeconds.onDemand, 2)} s: ${fixed(ratio, 2)}× (must be < 1)`,
  );
  if (!(ratio < 1)) verdict.fail('a relaying host spends no less CPU than one that reduces');
}

async function transports(wave: WaveCommand): Promise<void> {
  console.log(
    `\nIssue 10: the same stream (issue 12's reply, no pauses) through each transport of @wave-agent/client, medians of ${TRANSPORT_RUNS}`,
  );
  for (const f of await benchTransports(wave, TRANSPORT_RUNS)) {
    console.log(
      `  ${f.transport.padEnd(14)} ${f.events.toLocaleString('en')} events in ${fixed(f.seconds, 2)} s: ${Math.round(f.eventsPerSecond).toLocaleString('en')} events/s`,
    );
  }
}

async function sdkStream(verdict: Verdict): Promise<void> {
  console.log(
    '\nSDK stream: a reply from tools/mock-llm (separate process) through the Agent, best of 3 rounds',
  );
  await benchSdkStream([{ label: 'warm-up', chars: 100_000, chunkSize: 20 }], 1);
  const [single, double] = await benchSdkStream(
    [
      { label: '1M', chars: 1_000_000, chunkSize: 20 },
      { label: '2M', chars: 2_000_000, chunkSize: 20 },
    ],
    3,
  );
  if (!single || !double) throw new Error('The stream benchmark returned no figures.');
  for (const f of [single, double]) {
    console.log(
      `  ${f.label.padEnd(3)} ${f.chars.toLocaleString('en')} chars in ${f.chunks.toLocaleString('en')} chunks: ` +
        `CPU ${fixed(f.cpuSeconds, 2)} s, ${fixed(f.cpuMicrosPerChunk, 1)} µs per chunk, wall ${fixed(f.wallSeconds, 2)} s`,
    );
  }
  const ratio = double.cpuSeconds / single.cpuSeconds;
  const linear = ratio <= MAX_STREAM_RATIO;
  console.log(
    `  CPU ratio 2M / 1M: ${fixed(ratio, 2)} (must be ≤ ${MAX_STREAM_RATIO}: ${linear ? 'linear' : 'NOT LINEAR'})`,
  );
  if (!linear) verdict.fail('the SDK stream does not scale linearly');
}

async function uiDelta(verdict: Verdict): Promise<void> {
  console.log(
    '\nUI: apply and render one delta (median of 200), after 10 and after 1,000 messages',
  );
  await benchUiDelta(10, 50);
  const small = await benchUiDelta(10, 200);
  const large = await benchUiDelta(1000, 200);
  const deltaRatio = large.medianMs / small.medianMs;
  const flat = deltaRatio <= MAX_DELTA_RATIO;
  console.log(
    `  after 10: ${fixed(small.medianMs, 3)} ms; after 1,000: ${fixed(large.medianMs, 3)} ms`,
  );
  console.log(
    `  ratio 1,000 / 10: ${fixed(deltaRatio, 2)} (must be ≤ ${MAX_DELTA_RATIO}: ${flat ? 'flat' : 'GROWS WITH THE SESSION'})`,
  );
  if (!flat) verdict.fail('a delta costs more as the session grows');
}

async function sessions(): Promise<void> {
  console.log(
    '\nSessions: a 100-turn session (reasoning, a tool call, a 2,000-character reply each)',
  );
  const session = await benchSessionResume(100);
  console.log(
    `  ${session.events.toLocaleString('en')} events, ${session.messages} messages: ` +
      `file ${(session.fileBytes / 1024 / 1024).toFixed(2)} MiB, resume ${fixed(session.resumeMs, 0)} ms`,
  );
}

async function longReply(verdict: Verdict): Promise<void> {
  console.log(
    '\nA long reply: 1,000,000 characters in 8- and in 32-character chunks, one process each (issue 9 §7)',
  );
  const fine = await benchLongReply(1_000_000, 8);
  const coarse = await benchLongReply(1_000_000, 32);
  for (const f of [fine, coarse]) {
    console.log(
      `  ${String(f.chunkSize).padStart(2)}-char chunks: peak RSS ${fixed(f.maxRssMiB, 0)} MiB, ` +
        `session file ${fixed(f.sessionBytesPerChar, 2)} bytes per character`,
    );
  }
  const diskRatio = fine.sessionBytesPerChar / coarse.sessionBytesPerChar;
  const compact = diskRatio <= MAX_DISK_CHUNK_RATIO;
  console.log(
    `  disk per character, 8 / 32: ${fixed(diskRatio, 2)} (must be ≤ ${MAX_DISK_CHUNK_RATIO}: ${compact ? 'compact' : 'GROWS WITH SMALL CHUNKS'})`,
  );
  if (!compact) verdict.fail('the session file grows with small chunks');
  const rssRatio = fine.maxRssMiB / coarse.maxRssMiB;
  console.log(
    `  peak RSS 8 / 32: ${fixed(rssRatio, 2)} (${verdict.bounded(BOUNDS.longReplyRss, rssRatio)})`,
  );
}

async function main(): Promise<number> {
  const verdict = new Verdict();
  const only = process.env.BENCH_ONLY;
  const wave = waveCommand();
  try {
    if (only === undefined || only === 'issue12') await issue12(wave, verdict);
    if (only === undefined || only === 'transports') await transports(wave);
    if (only === undefined || only === 'host-relay') await hostRelay(wave, verdict);
    if (only === 'web') await webOnly(wave);
  } finally {
    wave.dispose();
  }
  if (only === undefined) {
    await sdkStream(verdict);
    await uiDelta(verdict);
    await sessions();
    await longReply(verdict);
  }
  for (const check of regressions(verdict.checks)) {
    verdict.fail(
      `${check.bound.name} is ${fixed(check.ratio, 2)}, past its bound ${check.bound.max}`,
    );
  }
  if (verdict.failures.length === 0) {
    console.log('\nbench: every check holds.');
    return 0;
  }
  console.log('\nbench: FAILED —');
  for (const failure of verdict.failures) console.log(`  ${failure}`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
