// `pnpm bench`: every benchmark, printed as tables, with the checks that must hold. It exits
// non-zero when one fails: a scaling check, the UI's every-word-once check, or a ratio past its
// regression bound (regression-bounds.ts). `BENCH_ONLY=issue12` runs the issue-12 table alone,
// `BENCH_ONLY=transports` the transports of @wave-agent/client alone, `BENCH_ONLY=host-relay` a
// relaying host's CPU alone, `BENCH_ONLY=web` the web UI beside the floor (with BENCH_COMPARE, the
// other builds' web UI alternated with it), `BENCH_ONLY=soak` the 300-turn soak,
// `BENCH_ONLY=sandbox` the sandbox's start-up cost alone (gated at 30 ms more), `BENCH_ONLY=find-files` `@` completion
// on a 50,000-file repository alone, `BENCH_ONLY=subagents` three subagents streaming at once
// in the terminal UI, `BENCH_ONLY=ui` the in-process UI rows alone (one delta; frames of tool
// calls with hooks), `BENCH_ONLY=long-history` a 5,000-turn session opened in-process and over
// `wave --stdio`, and `/resume`'s list of 1,000 sessions (long-history.ts). The terminal rows run Claude Code and Codex beside Wave (BENCH_PEERS=none
// leaves them out).
import { benchSdkStream } from './sdk-stream.js';
import { benchLongReply } from './long-reply.js';
import { benchSessionResume } from './session-resume.js';
import { benchSoak } from './soak.js';
import { BASH_OUTPUT_COMMAND, benchBashOutputSession } from './bash-output-session.js';
import { benchUiDelta } from './ui-delta.js';
import { benchUiBlocks } from './ui-blocks.js';
import { bytes, fixed, printRows, times, Verdict } from './bench-table.js';
import type { Row } from './bench-table.js';
import type { StepFigures } from './soak.js';
import { benchIssue12, ISSUE12_TITLE } from './issue12.js';
import type { TerminalFigures } from './issue12.js';
import {
  FIND_FILES_GOALS,
  LONG_HISTORY_GOALS,
  SOAK_GOALS,
  SUBAGENT_GOALS,
  WEB_GOALS,
} from './issue12-goals.js';
import { benchLongHistory, HISTORY_TURNS, STORED_SESSIONS } from './long-history.js';
import { buildRows } from './issue12-rows.js';
import { issue12Scenario, LONG_REPLY_TEXT, REPLY_CHARS, STREAM_PROMPT } from './issue12-reply.js';
import { benchHeadless, FLOOR, median } from './headless.js';
import { startMockLlmProcess } from './mock-llm-process.js';
import { claudeCodeTerminal } from './peers/claude-code.js';
import { codexExec, codexTerminal } from './peers/codex.js';
import type { Client } from './headless.js';
import { peersSkipped } from './peers/peer-install.js';
import { BOUNDS, regressions } from './regression-bounds.js';
import type { Bound } from './regression-bounds.js';
import { benchSandboxStart } from './sandbox-start.js';
import { benchSubagents } from './subagents.js';
import { THREADS, WORDS_PER_THREAD } from './subagents-reply.js';
import { benchFindFiles, REPO_FILES } from './find-files.js';
import { benchHostRelay } from './host-relay.js';
import type { TerminalProgram } from './terminal-program.js';
import { benchTransports } from './transports.js';
import { benchWebUiAlternated } from './web-ui.js';
import type { WebUiFigures } from './web-ui.js';
import { comparedCommands, waveCommand } from './wave-command.js';
import type { WaveCommand } from './wave-command.js';

const MAX_STREAM_RATIO = 2.2;
const MAX_DELTA_RATIO = 1.5;
/** Session bytes per character, 8-character chunks over 32-character ones. */
const MAX_DISK_CHUNK_RATIO = 1.5;
const ISSUE12_RUNS = 3;
const TRANSPORT_RUNS = 3;
const SANDBOX_RUNS = 40;
const FIND_FILES_RUNS = 7;
/** Issue 25's goal for what the sandbox adds to starting one command. */
const SANDBOX_START_GOAL_MS = 20;
/** Issue 44's gate: a sandboxed command starts at most this much later than an unsandboxed one. */
const SANDBOX_START_GATE_MS = 30;

/** The words check of a terminal run: a failure for Wave, a fact for a peer. */
function reportWords(figures: TerminalFigures, verdict: Verdict | undefined): void {
  console.log(`  ${figures.label}: ${figures.uiFrames} frames written during the stream (median)`);
  if (figures.uiProblems.length === 0) {
    console.log(
      `  ${figures.label}: every sentence of the reply shown exactly as often as the reply has it, at the end and after a resize`,
    );
    return;
  }
  if (verdict === undefined) {
    // A peer's words are a fact beside the rows, not a check of ours: its first problem only.
    console.log(
      `  ${figures.label}: not every word once in the scrollback (${figures.uiProblems.length} problems over the runs; ${figures.uiProblems[0]})`,
    );
    return;
  }
  for (const problem of figures.uiProblems)
    console.log(`  WORDS WRONG (${figures.label}): ${problem}`);
  verdict.fail(`the UI of ${figures.label} did not show every word exactly once`);
}

/** The peers beside Wave in the terminal rows (none with BENCH_PEERS=none). */
function terminalPeers(): TerminalProgram[] {
  if (peersSkipped()) return [];
  const peers: TerminalProgram[] = [];
  for (const [name, peer] of [
    ['Claude Code', claudeCodeTerminal()],
    ['Codex', codexTerminal()],
  ] as const) {
    if (typeof peer === 'string') console.log(`  (no ${name} in this run: ${peer})`);
    else peers.push(peer);
  }
  return peers;
}

/** The peers' headless modes beside `wave -p` (none with BENCH_PEERS=none). */
function headlessPeers(): Client[] {
  if (peersSkipped()) return [];
  const codex = codexExec();
  if (typeof codex === 'string') {
    console.log(`  (no codex exec in this run: ${codex})`);
    return [];
  }
  return [codex];
}

async function issue12(wave: WaveCommand, verdict: Verdict): Promise<void> {
  const compared = comparedCommands();
  console.log(`${ISSUE12_TITLE}; medians of ${ISSUE12_RUNS}; wave = ${wave.label}`);
  const f = await benchIssue12([wave, ...compared], ISSUE12_RUNS, terminalPeers(), headlessPeers());
  const [build, ...others] = f.builds;
  if (!build) throw new Error('The issue-12 benchmark measured no build of wave.');
  printRows(buildRows(build, f, true), verdict);
  reportWords(build, verdict);
  for (const peer of f.peers) reportWords(peer, undefined);
  printWebRows(f.web, f.floor.cpu, f.replyBytes, verdict);
  for (const other of others) {
    console.log(`
  The same rows, same run, for ${other.label}:`);
    printRows(
      buildRows(other, f, false).filter(
        (row) => !row.name.includes('reference') && !row.name.startsWith('  peer:'),
      ),
      verdict,
    );
    reportWords(other, verdict);
  }
}

/**
 * The web UI's rows: the same reply in wave web and Chromium. The page's main-thread time and the
 * server's CPU are ratios to the floor's headless CPU of the same run, with a goal and a gate;
 * the bytes and the input latency are figures beside them.
 */
function printWebRows(
  web: WebUiFigures,
  floorCpu: number,
  replyBytes: number,
  verdict: Verdict,
): void {
  const { stream, inputLatency: latency } = web;
  const floor = `floor ${fixed(floorCpu, 2)} s`;
  printRows(
    [
      {
        name: 'web UI (Chromium), page main-thread time',
        floor,
        wave: `${fixed(stream.mainThreadSeconds, 2)} s`,
        ratio: stream.mainThreadSeconds / floorCpu,
        goal: WEB_GOALS.mainThread,
        bound: BOUNDS.webMainThread,
      },
      {
        name: 'web UI, wave web CPU during the stream',
        floor,
        wave: `${fixed(stream.serverCpuSeconds, 2)} s`,
        ratio: stream.serverCpuSeconds / floorCpu,
        goal: WEB_GOALS.serverCpu,
        bound: BOUNDS.webServerCpu,
      },
    ],
    verdict,
  );
  console.log(
    `  web UI: script ${fixed(stream.scriptSeconds, 2)} s of the main thread; ${bytes(stream.socketBytes)} over the socket ` +
      `(${times(stream.socketBytes / replyBytes)} the reply) in ${stream.socketMessages} messages; input latency while streaming ` +
      `into a 1,000-message session: median ${fixed(latency.medianMs, 1)} ms, p95 ${fixed(latency.p95Ms, 1)} ms, max ${fixed(latency.maxMs, 1)} ms (${latency.keys} keys)`,
  );
}

/**
 * `BENCH_ONLY=web`: the web UI's rows alone, beside the floor's headless CPU measured in the same
 * run; with BENCH_COMPARE, the other builds' web UI too, their streams alternated with this one's.
 */
async function webOnly(wave: WaveCommand, verdict: Verdict): Promise<void> {
  const compared = comparedCommands();
  const server = await startMockLlmProcess(issue12Scenario);
  try {
    console.log(`Web UI, issue 12's stream; medians of ${ISSUE12_RUNS}; wave = ${wave.label}`);
    const floor = await benchHeadless(
      [FLOOR],
      server.url,
      STREAM_PROMPT,
      LONG_REPLY_TEXT,
      ISSUE12_RUNS,
    );
    const floorCpu = median((floor.get(FLOOR) ?? []).map((run) => run.cpuSeconds));
    const builds = [wave, ...compared];
    const figures = await benchWebUiAlternated(builds, server.url, ISSUE12_RUNS);
    for (const [index, web] of figures.entries()) {
      if (index > 0) console.log(`\n  The same rows, same run, for ${builds[index]?.label}:`);
      printWebRows(web, floorCpu, REPLY_CHARS, verdict);
    }
  } finally {
    await server.close();
  }
}

const HOST_RELAY_RUNS = 3;
const SUBAGENT_RUNS = 3;

/** Issue 27: three subagents streaming at once in the terminal UI, beside one stream of the same words. */
async function subagents(wave: WaveCommand, verdict: Verdict): Promise<void> {
  console.log(
    `\nIssue 27: ${THREADS.length} subagents streaming ${WORDS_PER_THREAD.toLocaleString('en')} words each at once in the terminal UI (pty 100×30), beside one stream of the same words; medians of ${SUBAGENT_RUNS}, alternated`,
  );
  const f = await benchSubagents(wave, SUBAGENT_RUNS);
  printRows(
    [
      {
        name: 'UI CPU, three subagents at once',
        floor: `one stream ${fixed(f.oneStream.cpuSeconds, 2)} s`,
        wave: `${fixed(f.threeThreads.cpuSeconds, 2)} s`,
        ratio: f.threeThreads.cpuSeconds / f.oneStream.cpuSeconds,
        goal: SUBAGENT_GOALS.cpu,
        bound: BOUNDS.subagentsCpu,
      },
      {
        name: '  bytes to the terminal',
        floor: `one stream ${bytes(f.oneStream.bytesWritten)}`,
        wave: bytes(f.threeThreads.bytesWritten),
        ratio: f.threeThreads.bytesWritten / f.oneStream.bytesWritten,
      },
    ],
    verdict,
  );
  if (f.problems.length === 0) {
    console.log(
      '  every word of every thread shown exactly once (the three after Ctrl+O, the one stream as it ended)',
    );
    return;
  }
  for (const problem of f.problems) console.log(`  WORDS WRONG: ${problem}`);
  verdict.fail('the terminal UI did not show every word of every subagent thread exactly once');
}

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

async function sandboxStart(verdict: Verdict): Promise<void> {
  console.log(
    `\nIssue 25: starting one command (bash -c true) outside and inside the sandbox, medians of ${SANDBOX_RUNS}, alternated`,
  );
  const f = await benchSandboxStart(SANDBOX_RUNS);
  console.log(
    `  plain ${fixed(f.plainMs, 1)} ms, under bwrap ${fixed(f.sandboxedMs, 1)} ms: ` +
      `the sandbox adds ${fixed(f.addedMs, 1)} ms (goal < ${SANDBOX_START_GOAL_MS} ms: ${f.addedMs < SANDBOX_START_GOAL_MS ? 'met' : 'missed'}; gate ≤ ${SANDBOX_START_GATE_MS} ms)`,
  );
  if (!(f.addedMs <= SANDBOX_START_GATE_MS))
    verdict.fail(
      `the sandbox adds ${fixed(f.addedMs, 1)} ms to starting a command (gate ${SANDBOX_START_GATE_MS} ms)`,
    );
}

/** Issue 24: `@` completion's first and later queries beside `git ls-files` alone. */
async function findFiles(verdict: Verdict): Promise<void> {
  console.log(
    `\nIssue 24: @ completion on a git repository of ${REPO_FILES.toLocaleString('en')} files, medians of ${FIND_FILES_RUNS}`,
  );
  const f = await benchFindFiles(FIND_FILES_RUNS);
  const ms = (value: number) => `${fixed(value, 1)} ms`;
  const floor = `git ls-files ${ms(f.floorMs)}`;
  printRows(
    [
      {
        name: 'first @ query (cold index) / git ls-files',
        floor,
        wave: ms(f.coldMs),
        ratio: f.coldMs / f.floorMs,
        goal: FIND_FILES_GOALS.cold,
        bound: BOUNDS.findFilesCold,
      },
      {
        name: 'later @ query (warm index) / git ls-files',
        floor,
        wave: ms(f.warmMs),
        ratio: f.warmMs / f.floorMs,
        goal: FIND_FILES_GOALS.warm,
        bound: BOUNDS.findFilesWarm,
      },
    ],
    verdict,
  );
  console.log(`  best match of the warm query: ${f.best}`);
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

async function uiBlocks(verdict: Verdict): Promise<void> {
  console.log(
    '\nUI: apply and render one step of a live message of tool calls with hook runs (median of 200; a tool output chunk, every fifth a hook run)',
  );
  await benchUiBlocks(50);
  const figures = await benchUiBlocks(200);
  console.log(
    `  ${fixed(figures.medianMs, 3)} ms per step; ${figures.stepsShown} of ${figures.steps} steps on the frame after them`,
  );
  if (figures.stepsShown !== figures.steps)
    verdict.fail('a step of a live message with tool calls and hooks was not on the next frame');
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

const SOAK_TURNS = 300;

/** Issue 27's soak: the UI at the end of a long resumed session beside the UI at its start. */
async function soak(verdict: Verdict): Promise<void> {
  console.log(
    `\nSoak: one session of ${SOAK_TURNS} turns (reasoning, a Read of a 100-line file, a 150-word reply each), resumed from its file; the UI at the end beside the UI on the first turn (medians of 60 steps)`,
  );
  const f = await benchSoak(SOAK_TURNS);
  const step = (name: string, start: StepFigures, end: StepFigures, bound: Bound): Row[] => [
    {
      name: `${name}, CPU`,
      floor: `start ${fixed(start.cpuMs, 2)} ms`,
      wave: `${fixed(end.cpuMs, 2)} ms`,
      ratio: end.cpuMs / start.cpuMs,
      goal: SOAK_GOALS.step,
      bound,
    },
    {
      name: `${name}, latency`,
      floor: `start ${fixed(start.latencyMs, 2)} ms`,
      wave: `${fixed(end.latencyMs, 2)} ms`,
      ratio: end.latencyMs / start.latencyMs,
      goal: SOAK_GOALS.step,
      // Latency in one process on a shared machine moves with the load far more than CPU does.
      bound: BOUNDS.soakLatency,
    },
  ];
  printRows(
    [
      ...step('one delta after the soak', f.start.delta, f.end.delta, BOUNDS.soakDelta),
      ...step('one keystroke after the soak', f.start.key, f.end.key, BOUNDS.soakKey),
      {
        name: 'session file per turn',
        floor: `tool output ${bytes(f.toolOutputBytes)}`,
        wave: bytes(f.fileBytesPerTurn),
        ratio: f.fileBytesPerTurn / f.toolOutputBytes,
        goal: SOAK_GOALS.filePerTurn,
        bound: BOUNDS.soakFilePerTurn,
      },
      {
        name: 'heap the session keeps per turn',
        floor: `file ${bytes(f.fileBytesPerTurn)}`,
        wave: bytes(f.heapBytesPerTurn),
        ratio: f.heapBytesPerTurn / f.fileBytesPerTurn,
        goal: SOAK_GOALS.heapPerTurn,
        bound: BOUNDS.soakHeapPerTurn,
      },
      {
        name: 'RSS after the soak (session held, after GC)',
        floor: `before ${fixed(f.rssMiBBefore, 0)} MiB`,
        wave: `${fixed(f.rssMiBAfter, 0)} MiB`,
        ratio: f.rssMiBAfter / f.rssMiBBefore,
        goal: SOAK_GOALS.rss,
        bound: BOUNDS.soakRss,
      },
    ],
    verdict,
  );
  console.log(
    `  ${f.messages.toLocaleString('en')} messages, resumed in ${fixed(f.resumeMs, 0)} ms`,
  );
  const bash = await benchBashOutputSession(BASH_OUTPUT_TURNS);
  printRows(
    [
      {
        name: `session file per turn, Bash printing 1.3 MB`,
        floor: `tool output ${bytes(bash.toolOutputBytes)}`,
        wave: bytes(bash.fileBytesPerTurn),
        ratio: bash.fileBytesPerTurn / bash.toolOutputBytes,
        goal: SOAK_GOALS.bashFilePerTurn,
        bound: BOUNDS.bashFilePerTurn,
      },
    ],
    verdict,
  );
  console.log(
    `  (${BASH_OUTPUT_TURNS} turns running \`${BASH_OUTPUT_COMMAND}\`: the model gets its bounded output; the file keeps that, the live view's first 30,000 characters and the last lines)`,
  );
}

const BASH_OUTPUT_TURNS = 3;
const LONG_HISTORY_RUNS = 3;

/** Issue 44: a long session opened in-process and over --stdio, and the list of many sessions. */
async function longHistory(wave: WaveCommand, verdict: Verdict): Promise<void> {
  console.log(
    `\nIssue 44: a session of ${HISTORY_TURNS.toLocaleString('en')} turns with tool calls, restored in-process (Agent) and over wave --stdio (the client's restore); /resume's list of ${STORED_SESSIONS.toLocaleString('en')} sessions; medians of ${LONG_HISTORY_RUNS}, alternated (no command runs: the sandbox plays no part)`,
  );
  const f = await benchLongHistory(wave, LONG_HISTORY_RUNS);
  const ms = (value: number) => `${fixed(value, 0)} ms`;
  const mib = (value: number) => `${fixed(value / 1024 / 1024, 1)} MiB`;
  const parse = `read+parse ${ms(f.parse.cpuMs)}`;
  printRows(
    [
      {
        name: 'open the session: Agent (wave --resume), CPU',
        floor: parse,
        wave: ms(f.agent.cpuMs),
        ratio: f.agent.cpuMs / f.parse.cpuMs,
        goal: LONG_HISTORY_GOALS.open,
        bound: BOUNDS.historyOpenAgent,
      },
      {
        name: 'open the session: over wave --stdio, CPU',
        floor: parse,
        wave: ms(f.stdio.cpuMs),
        ratio: f.stdio.cpuMs / f.parse.cpuMs,
        goal: LONG_HISTORY_GOALS.open,
        bound: BOUNDS.historyOpenStdio,
      },
      {
        name: 'RSS wave --stdio adds restoring it',
        floor: `file ${mib(f.fileBytes)}`,
        wave: mib(f.stdioRssAddedBytes),
        ratio: f.stdioRssAddedBytes / f.fileBytes,
        goal: LONG_HISTORY_GOALS.memory,
        bound: BOUNDS.historyMemory,
      },
      {
        name: `/resume's list of ${STORED_SESSIONS.toLocaleString('en')} sessions, CPU`,
        floor: `first lines ${fixed(f.firstLines.cpuMs, 1)} ms`,
        wave: `${fixed(f.list.cpuMs, 1)} ms`,
        ratio: f.list.cpuMs / f.firstLines.cpuMs,
        goal: LONG_HISTORY_GOALS.list,
        bound: BOUNDS.historyList,
      },
    ],
    verdict,
  );
  console.log(
    `  wall time: read+parse ${ms(f.parse.wallMs)}, Agent ${ms(f.agent.wallMs)} (${times(f.agent.wallMs / f.parse.wallMs)}), over --stdio ${ms(f.stdio.wallMs)} (${times(f.stdio.wallMs / f.parse.wallMs)}); list ${fixed(f.list.wallMs, 1)} ms beside first lines ${fixed(f.firstLines.wallMs, 1)} ms (${times(f.list.wallMs / f.firstLines.wallMs)})`,
  );
  console.log(
    `  ${f.messages.toLocaleString('en')} messages; the file ${bytes(f.fileBytes)} (generated by long-history-file.ts through Wave's session writer)`,
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
    if (only === undefined || only === 'subagents') await subagents(wave, verdict);
    if (only === 'web') await webOnly(wave, verdict);
    if (only === 'soak') await soak(verdict);
    if (only === undefined || only === 'sandbox') await sandboxStart(verdict);
    if (only === undefined || only === 'find-files') await findFiles(verdict);
    if (only === undefined || only === 'long-history') await longHistory(wave, verdict);
    if (only === 'ui') {
      await uiDelta(verdict);
      await uiBlocks(verdict);
    }
  } finally {
    wave.dispose();
  }
  if (only === undefined) {
    await sdkStream(verdict);
    await uiDelta(verdict);
    await uiBlocks(verdict);
    await sessions();
    await soak(verdict);
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
