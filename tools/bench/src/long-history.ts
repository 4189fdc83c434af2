// Issue 44's long history: a session of 5,000 turns with tool calls (~30 MB, long-history-file.ts)
// opened the ways a user opens it, each beside the floor of reading the file's lines and parsing
// them (JSON.parse, nothing more), in one run: restored in-process by the Agent
// (`resumeSessionId`, the path `wave --resume` takes), and over `wave --stdio` with the client's
// `restore` (a real child process: the server reads the file, the state crosses the pipe, the
// client holds it). Beside them, the memory that child grows by while it restores (its peak RSS
// over its RSS before), against the file's size. And `/resume`'s list: `listSessions` over 1,000
// stored sessions beside reading the first line of each file. Nothing here runs a command, so the
// sandbox plays no part.
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import { rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Agent, sessionPathFor } from '@wave-agent/agent-sdk';
import { transportOverLink, WaveClient } from '@wave-agent/client';
import { childProcessLink } from '@wave-agent/client/node';
import { benchEnv } from './bench-env.js';
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
  readonly parseMs: number;
  /** Agent.create with resumeSessionId, in this process. */
  readonly agentMs: number;
  /** The client's restore over `wave --stdio`, from the call to the state in the client. */
  readonly stdioMs: number;
  /** The child's peak RSS during the restore over its RSS before it. */
  readonly stdioRssAddedBytes: number;
  readonly sessions: number;
  /** listSessions over the stored sessions. */
  readonly listMs: number;
  /** Reading the first line of each stored session and parsing it. */
  readonly firstLinesMs: number;
}

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

function timed<T>(act: () => T): { ms: number; value: T } {
  const start = performance.now();
  const value = act();
  return { ms: performance.now() - start, value };
}

async function timedAsync<T>(act: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await act();
  return { ms: performance.now() - start, value };
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

async function restoreInProcess(home: string): Promise<{ ms: number; messages: number }> {
  const { ms, value: agent } = await timedAsync(() =>
    Agent.create({ ...agentOptions(home), resumeSessionId: SESSION_ID }),
  );
  const messages = agent.messages.length;
  agent.destroy();
  return { ms, messages };
}

/** One `wave --stdio` child: a fresh session, then the client's restore of the long one. */
async function restoreOverStdio(
  wave: WaveCommand,
  home: string,
): Promise<{ ms: number; rssAdded: number; messages: number }> {
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
    const { ms, value } = await timedAsync(() => session.restore(SESSION_ID));
    if (value.problems.length > 0) throw new Error(`Restoring: ${value.problems.join(' ')}`);
    const rssAdded = procBytes(pid, 'VmHWM') - before;
    return { ms, rssAdded, messages: session.getSnapshot().conversation.messages.length };
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
): Promise<Omit<LongHistoryFigures, 'sessions' | 'listMs' | 'firstLinesMs'>> {
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
    const parse: number[] = [];
    const agent: number[] = [];
    const stdio: number[] = [];
    const rss: number[] = [];
    let messages = 0;
    for (let i = 0; i < runs; i++) {
      parse.push(timed(() => readAndParse(path)).ms);
      agent.push((await restoreInProcess(home)).ms);
      const child = await restoreOverStdio(wave, home);
      checkMessages('The client over wave --stdio', child.messages, HISTORY_TURNS);
      messages = child.messages;
      stdio.push(child.ms);
      rss.push(child.rssAdded);
    }
    return {
      turns: HISTORY_TURNS,
      fileBytes,
      messages,
      parseMs: median(parse),
      agentMs: median(agent),
      stdioMs: median(stdio),
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
): Pick<LongHistoryFigures, 'sessions' | 'listMs' | 'firstLinesMs'> {
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
    const listed: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < runs; i++) {
      floor.push(timed(() => readFirstLines(dir)).ms);
      const { ms, value } = timed(list);
      if (value.sessions.length !== STORED_SESSIONS || value.problems.length > 0)
        throw new Error(
          `listSessions found ${value.sessions.length} of ${STORED_SESSIONS} sessions (${value.problems.join(' ')})`,
        );
      listed.push(ms);
    }
    return { sessions: STORED_SESSIONS, listMs: median(listed), firstLinesMs: median(floor) };
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
