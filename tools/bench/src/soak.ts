// Issue 27's soak: one session of many turns, each with reasoning, a tool call whose output is
// long (Read of a 100-line file) and a reply, run through the Agent against tools/mock-llm and
// persisted as it goes; then resumed from the file it wrote. The terminal UI is mounted on the
// first turn and on the whole resumed session, and one streamed delta and one keystroke are
// measured on each (CPU and latency, medians): a UI that slows down as the session grows shows
// as a ratio above 1. Beside them: the process's RSS after the soak and the session file's
// bytes per turn (bounded by what the tools' bounded outputs allow), and the heap the session
// keeps per turn, after a full collection, beside the file's bytes per turn: what grows without
// bound per turn (events kept, listeners, caches) shows as a ratio well above 1. RSS alone says
// little: without a collection it counts the garbage of the last turns (the first pass read
// 251 → 433 MiB), and V8 keeps pages it no longer uses.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Agent } from '@wave-agent/agent-sdk';
import { mountUiForBenchmark } from '@wave-agent/code/benchmark';
import type { Message } from '@wave-agent/shared-protocol';
import type { Scenario } from '@wave-agent/mock-llm';
import { median } from './headless.js';
import { startMockLlmProcess } from './mock-llm-process.js';

const FILE_LINES = 100;
const REPLY_WORDS = 150;
const SAMPLES = 60;

export interface StepFigures {
  readonly latencyMs: number;
  readonly cpuMs: number;
}

export interface SoakFigures {
  readonly turns: number;
  readonly messages: number;
  readonly fileBytesPerTurn: number;
  /** The bytes of the tool's output each turn (the file with its line numbers, as the model gets it). */
  readonly toolOutputBytes: number;
  /** After a full collection, before the agent was made. */
  readonly rssMiBBefore: number;
  /** After a full collection, the agent and its 300-turn session still held. */
  readonly rssMiBAfter: number;
  /** The heap (after a full collection) the session grew by per turn, over its last two thirds. */
  readonly heapBytesPerTurn: number;
  readonly resumeMs: number;
  readonly start: { readonly delta: StepFigures; readonly key: StepFigures };
  readonly end: { readonly delta: StepFigures; readonly key: StepFigures };
}

function scenario(turns: number): Scenario {
  return {
    name: 'soak',
    chunkSize: 64,
    turns: Array.from({ length: turns }, (_, turn) => [
      {
        match: { turnIndex: turn * 2 },
        reply: [
          { type: 'reasoning' as const, text: `Turn ${turn}: read the file, then answer.` },
          { type: 'tool_call' as const, name: 'Read', input: { file_path: 'big.txt' } },
        ],
      },
      {
        match: { turnIndex: turn * 2 + 1 },
        reply: [
          { type: 'text' as const, numberedWords: { count: REPLY_WORDS, prefix: `t${turn}w` } },
        ],
      },
    ]).flat(),
  };
}

/** Medians of `samples` steps, each timed from the event (or key) to Ink's frame after it. */
async function measureSteps(
  messages: readonly Message[],
  samples: number,
): Promise<{ delta: StepFigures; key: StepFigures }> {
  const ui = await mountUiForBenchmark({ messages });
  try {
    await ui.step({ type: 'assistantMessageAdded', messageId: 'soak-live', createdAt: 0 });
    const time = async (act: () => Promise<void>): Promise<StepFigures> => {
      const cpu = process.cpuUsage();
      const start = performance.now();
      await act();
      const used = process.cpuUsage(cpu);
      return { latencyMs: performance.now() - start, cpuMs: (used.user + used.system) / 1000 };
    };
    const deltas: StepFigures[] = [];
    const keys: StepFigures[] = [];
    for (let i = 0; i < samples; i++) {
      deltas.push(
        await time(() =>
          ui.step({
            type: 'assistantContentUpdated',
            messageId: 'soak-live',
            chunk: `word${i} `,
            stage: 'streaming',
          }),
        ),
      );
      keys.push(await time(() => ui.type('k')));
    }
    const medians = (steps: StepFigures[]): StepFigures => ({
      latencyMs: median(steps.map((s) => s.latencyMs)),
      cpuMs: median(steps.map((s) => s.cpuMs)),
    });
    return { delta: medians(deltas), key: medians(keys) };
  } finally {
    ui.unmount();
  }
}

/** The bytes of the first tool result of the session: every turn's is the same. */
function toolOutputBytes(messages: readonly Message[]): number {
  for (const message of messages)
    for (const block of message.blocks)
      if (block.type === 'tool' && block.result !== undefined)
        return Buffer.byteLength(block.result);
  throw new Error('The soak session holds no tool result.');
}

/** A full collection: V8's own `gc`, reached without the process being started with it. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  if (typeof gc !== 'function') throw new Error('V8 did not expose gc to the soak.');
  return () => {
    Reflect.apply(gc, undefined, []);
    Reflect.apply(gc, undefined, []);
  };
}

export async function benchSoak(turns: number): Promise<SoakFigures> {
  const collect = collector();
  const heapAfterCollection = () => {
    collect();
    return process.memoryUsage().heapUsed;
  };
  const server = await startMockLlmProcess(scenario(turns));
  const home = mkdtempSync(join(tmpdir(), 'wave-bench-soak-'));
  const line = 'a line of the file the tool reads each turn, long enough to count. ';
  const toolFile = Array.from({ length: FILE_LINES }, (_, i) => `${i} ${line}`).join('\n');
  writeFileSync(join(home, 'big.txt'), toolFile);
  try {
    const options = {
      provider: 'openai',
      model: 'bench',
      baseURL: `${server.url}/v1`,
      apiKey: 'bench',
      env: {},
      waveHome: home,
      workdir: home,
      // The soak measures a long session, not compaction: the mock's usage never asks for it.
      contextWindow: Number.MAX_SAFE_INTEGER,
    };
    collect();
    const rssMiBBefore = process.memoryUsage().rss / 1024 / 1024;
    const agent = await Agent.create(options);
    // The first third warms up (code compiled on first use, caches filled once).
    const warm = Math.floor(turns / 3);
    let heapAtWarm = 0;
    for (let turn = 0; turn < turns; turn++) {
      if (turn === warm) heapAtWarm = heapAfterCollection();
      const result = await agent.sendMessage(`question ${turn}`);
      if (result.stopReason !== 'end_turn')
        throw new Error(`Soak turn ${turn} did not finish: ${result.error ?? result.stopReason}`);
    }
    const heapBytesPerTurn = (heapAfterCollection() - heapAtWarm) / (turns - warm);
    const rssMiBAfter = process.memoryUsage().rss / 1024 / 1024;
    const path = agent.sessionPath!;
    const sessionId = agent.sessionId;
    agent.destroy();
    const started = performance.now();
    const resumed = await Agent.create({ ...options, resumeSessionId: sessionId });
    const resumeMs = performance.now() - started;
    const messages = resumed.messages;
    resumed.destroy();
    // The first turn: the user's question, the tool call and its result, the reply.
    const firstTurn = messages.slice(0, messages.length / turns);
    await measureSteps(firstTurn, SAMPLES); // warm-up: the first mount compiles the UI's code
    const start = await measureSteps(firstTurn, SAMPLES);
    const end = await measureSteps(messages, SAMPLES);
    return {
      turns,
      messages: messages.length,
      fileBytesPerTurn: statSync(path).size / turns,
      toolOutputBytes: toolOutputBytes(messages),
      rssMiBBefore,
      rssMiBAfter,
      heapBytesPerTurn,
      resumeMs,
      start,
      end,
    };
  } finally {
    await server.close();
    rmSync(home, { recursive: true, force: true });
  }
}
