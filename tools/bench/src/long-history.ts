// Issue 44's long history: a session of 5,000 turns with tool calls (~30 MB, long-history-file.ts)
// opened the ways a user opens it, each beside the floor of reading the file's lines and parsing
// them (JSON.parse, nothing more), in one run: restored in-process by the Agent
// (`resumeSessionId`, the path `wave --resume` takes), and over `wave --stdio` with the client's
// `restore` (a real child process: the server reads the file, the state crosses the pipe, the
// client holds it). Beside them, the memory that child grows by while it restores (its peak RSS
// over its RSS before), against the file's size. And `/resume`'s list: `listSessions` over 1,000
// stored sessions beside reading the first line of each file. Nothing here runs a command, so the
// sandbox plays no part. The ratios are of CPU time (this process's, and the child's from /proc):
// on a machine shared by many, wall time moves with everyone's load; it is printed beside them.
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import { rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Agent, sessionPathFor } from '@wave-agent/agent-sdk';
import { transportOverLink, WaveClient } from '@wave-agent/client';
import { childProcessLink } from '@wave-agent/client/node';
import { benchEnv } from './bench-env.js';
import { cpuSecondsOf } from './process-cpu.js';
import { median } from './headless.js';
import { recordTurn, writeSession } from './long-history-file.js';
import type { TurnTemplate } from './long-history-file.js';
import type { WaveCommand } from './wave-command.js';

export const HISTORY_TURNS = 5_000;
export const STORED_SESSIONS = 1_000;
/** Turns of each of the 1,000 stored sessions. */
const STORED_SESSION_TURNS = 3;
const SESSION_ID = 'long-history';
/** No model is called: restoring never reaches it. */
const NO_MODEL = 'http://127.0.0.1:9/v1';

export interface LongHistoryFigures {
  readonly turns: number;
  readonly fileBytes: number;
  readonly messages: number;
  /** Reading the file and JSON.parse of each line. */
  readonly parse: Cost;
  /** Agent.create with resumeSessionId, in this process. */
  readonly agent: Cost;
  /** The client's restore over `wave --stdio`, from the call to the state in the client (CPU: both processes). */
  readonly stdio: Cost;
  /** The child's peak RSS during the restore over its RSS before it. */
  readonly stdioRssAddedBytes: number;
  readonly sessions: number;
  /** listSessions over the stored sessions. */
  readonly list: Cost;
  /** Reading the first line of each stored session and parsing it. */
  readonly firstLines: Cost;
}

/** Milliseconds of wall time and of CPU time. */
export interface Cost {
  readonly wallMs: number;
  readonly cpuMs: number;
}

function medianCost(costs: readonly Cost[]): Cost {
  return {
    wallMs: median(costs.map((cost) => cost.wallMs)),
    cpuMs: median(costs.map((cost) => cost.cpuMs)),
  };
}

const cpuMsNow = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** The floor: the file read, split into lines, each line parsed. */
function readAndParse(path: string): number {
  let values = 0;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line === '') continue;
    JSON.parse(line);
    values++;
  }
  return values;
}

const HEAD_BYTES = 4096;

/** The floor of a list: the first line of each session file, parsed. */
function readFirstLines(dir: string): number {
  const head = Buffer.alloc(HEAD_BYTES);
  let count = 0;
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.jsonl')) continue;
    const fd = openSync(join(dir, name), 'r');
    try {
      const read = readSync(fd, head, 0, HEAD_BYTES, 0);
      const end = head.subarray(0, read).indexOf(0x0a);
      JSON.parse(head.toString('utf8', 0, end === -1 ? read : end));
      count++;
    } finally {
      closeSync(fd);
    }
  }
  return count;
}

function timed<T>(act: () => T): { cost: Cost; value: T } {
  const cpu = cpuMsNow();
  const start = performance.now();
  const value = act();
  return { cost: { wallMs: performance.now() - start, cpuMs: cpuMsNow() - cpu }, value };
}

/** `otherCpuMs`: the CPU another process spent so far, counted with this one's. */
async function timedAsync<T>(
  act: () => Promise<T>,
  otherCpuMs: () => number = () => 0,
): Promise<{ cost: Cost; value: T }> {
  const cpu = cpuMsNow() + otherCpuMs();
  const start = performance.now();
  const value = await act();
  const wallMs = performance.now() - start;
  return { cost: { wallMs, cpuMs: cpuMsNow() + otherCpuMs() - cpu }, value };
}

/** A /proc/<pid>/status figure in bytes (VmRSS now, VmHWM the peak so far). */
function procBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match?.[1]) throw new Error(`/proc/${pid}/status has no ${field}.`);
  return Number(match[1]) * 1024;
}

function agentOptions(home: string) {
  return {
    provider: 'openai',
    model: 'bench',
    baseURL: NO_MODEL,
    apiKey: 'bench',
    env: {},
    waveHome: home,
    workdir: home,
  };
}

async function restoreInProcess(home: string): Promise<{ cost: Cost; messages: number }> {
  const { cost, value: agent } = await timedAsync(() =>
    Agent.create({ ...agentOptions(home), resumeSessionId: SESSION_ID }),
  );
  const messages = agent.messages.length;
  agent.destroy();
  return { cost, messages };
}

/** One `wave --stdio` child: a fresh session, then the client's restore of the long one. */
async function restoreOverStdio(
  wave: WaveCommand,
  home: string,
): Promise<{ cost: Cost; rssAdded: number; messages: number }> {
  const link = childProcessLink({
    args: [...wave.nodeArgs, '--stdio'],
    cwd: home,
    env: benchEnv({ mockUrl: NO_MODEL.replace(/\/v1$/, ''), home }),
    onStderr: (text) => process.stderr.write(text),
  });
  const client = new WaveClient(transportOverLink(link));
  try {
    const session = await client.open({
      workdir: home,
      provider: 'openai',
      model: 'bench',
      baseURL: NO_MODEL,
      apiKey: 'bench',
    });
    const pid = link.pid;
    if (pid === undefined) throw new Error('wave --stdio has no process id.');
    const before = procBytes(pid, 'VmRSS');
    const { cost, value } = await timedAsync(
      () => session.restore(SESSION_ID),
      () => cpuSecondsOf(pid) * 1000,
    );
    if (value.problems.length > 0) throw new Error(`Restoring: ${value.problems.join(' ')}`);
    const rssAdded = procBytes(pid, 'VmHWM') - before;
    return { cost, rssAdded, messages: session.getSnapshot().conversation.messages.length };
  } finally {
    await link.close();
  }
}

function checkMessages(where: string, messages: number, turns: number): void {
  // Each turn: the question, the message with the tool call, the reply.
  if (messages !== turns * 3)
    throw new Error(`${where} holds ${messages} messages, not the ${turns * 3} of the session.`);
}

/** The 5,000-turn session: its floor and the two ways of opening it, alternated. */
async function benchOpen(
  template: TurnTemplate,
  wave: WaveCommand,
  runs: number,
): Promise<Omit<LongHistoryFigures, 'sessions' | 'list' | 'firstLines'>> {
  const home = mkdtempSync(join(tmpdir(), 'wave-bench-history-'));
  try {
    const { path } = writeSession(template, {
      waveHome: home,
      workdir: home,
      id: SESSION_ID,
      turns: HISTORY_TURNS,
    });
    const fileBytes = statSync(path).size;
    // Warm-up: the first of each compiles its code.
    readAndParse(path);
    checkMessages('The resumed Agent', (await restoreInProcess(home)).messages, HISTORY_TURNS);
    const parse: Cost[] = [];
    const agent: Cost[] = [];
    const stdio: Cost[] = [];
    const rss: number[] = [];
    let messages = 0;
    for (let i = 0; i < runs; i++) {
      parse.push(timed(() => readAndParse(path)).cost);
      agent.push((await restoreInProcess(home)).cost);
      const child = await restoreOverStdio(wave, home);
      checkMessages('The client over wave --stdio', child.messages, HISTORY_TURNS);
      messages = child.messages;
      stdio.push(child.cost);
      rss.push(child.rssAdded);
    }
    return {
      turns: HISTORY_TURNS,
      fileBytes,
      messages,
      parse: medianCost(parse),
      agent: medianCost(agent),
      stdio: medianCost(stdio),
      stdioRssAddedBytes: median(rss),
    };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** `/resume`'s list over 1,000 stored sessions, beside reading their first lines. */
function benchList(
  template: TurnTemplate,
  runs: number,
): Pick<LongHistoryFigures, 'sessions' | 'list' | 'firstLines'> {
  const home = mkdtempSync(join(tmpdir(), 'wave-bench-sessions-'));
  try {
    for (let i = 0; i < STORED_SESSIONS; i++) {
      writeSession(template, {
        waveHome: home,
        workdir: home,
        id: `stored-${String(i).padStart(4, '0')}`,
        turns: STORED_SESSION_TURNS,
        firstTurn: i * STORED_SESSION_TURNS,
      });
    }
    const dir = dirname(sessionPathFor(home, home, 'any'));
    const list = () => Agent.listSessions({ waveHome: home, workdir: home });
    readFirstLines(dir);
    list();
    const listed: Cost[] = [];
    const floor: Cost[] = [];
    for (let i = 0; i < runs; i++) {
      floor.push(timed(() => readFirstLines(dir)).cost);
      const { cost, value } = timed(list);
      if (value.sessions.length !== STORED_SESSIONS || value.problems.length > 0)
        throw new Error(
          `listSessions found ${value.sessions.length} of ${STORED_SESSIONS} sessions (${value.problems.join(' ')})`,
        );
      listed.push(cost);
    }
    return { sessions: STORED_SESSIONS, list: medianCost(listed), firstLines: medianCost(floor) };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

export async function benchLongHistory(
  wave: WaveCommand,
  runs: number,
): Promise<LongHistoryFigures> {
  const template = await recordTurn();
  const open = await benchOpen(template, wave, runs);
  return { ...open, ...benchList(template, runs * 2 + 1) };
}
