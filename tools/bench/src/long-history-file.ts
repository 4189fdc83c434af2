// Issue 44's long history: a session file of thousands of turns, made in seconds and the same
// every time. One real turn (reasoning, a Read of a file, a reply) runs through the Agent against
// tools/mock-llm and is read back from the file it wrote; its events are then written again, once
// per turn, through the session writer Wave itself uses (SessionFile: format 3, continuation
// lines), with each turn's ids, words and times made its own. So every line is one Wave writes,
// without running thousands of model calls.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, SessionFile, readSessionFile, titleOf, writeSummary } from '@wave-agent/agent-sdk';
import { applyEvents, emptyConversation, parseAgentEvent } from '@wave-agent/shared-protocol';
import type { AgentEvent } from '@wave-agent/shared-protocol';
import type { Scenario } from '@wave-agent/mock-llm';
import { startMockLlmProcess } from './mock-llm-process.js';

/** The lines of the file the turn's Read returns (its output is most of a turn's bytes). */
const READ_LINES = 30;
const REPLY_WORDS = 150;
/** 2026-01-01: every generated time counts from here, so the bytes do not depend on the clock. */
const BASE_TIME = 1_767_225_600_000;
const TURN_MS = 60_000;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const TIME_KEYS = new Set(['createdAt', 'startedAt', 'endedAt']);

/** One recorded turn, its varying parts marked so a turn number can be put in. */
export interface TurnTemplate {
  /** The turn's events as JSON, with `{{turn}}`, `{{id:n}}` and `{{time:n}}` marks. */
  readonly json: string;
}

const scenario: Scenario = {
  name: 'long-history',
  chunkSize: 64,
  turns: [
    {
      match: { turnIndex: 0 },
      reply: [
        { type: 'reasoning', text: 'Turn 0: read the file, then answer.' },
        { type: 'tool_call', name: 'Read', input: { file_path: 'notes.txt' } },
      ],
    },
    {
      match: { turnIndex: 1 },
      reply: [{ type: 'text', numberedWords: { count: REPLY_WORDS, prefix: 't0w' } }],
    },
  ],
};

/** Runs one real turn through the Agent and mock-llm and reads its events back from its file. */
export async function recordTurn(): Promise<TurnTemplate> {
  const server = await startMockLlmProcess(scenario);
  const home = mkdtempSync(join(tmpdir(), 'wave-bench-history-turn-'));
  try {
    const line = 'a line of the file the tool reads each turn, long enough to count.';
    const text = Array.from({ length: READ_LINES }, (_, i) => `${i} ${line}`).join('\n');
    writeFileSync(join(home, 'notes.txt'), text);
    const agent = await Agent.create({
      provider: 'openai',
      model: 'bench',
      baseURL: `${server.url}/v1`,
      apiKey: 'bench',
      env: {},
      waveHome: home,
      workdir: home,
      contextWindow: Number.MAX_SAFE_INTEGER,
    });
    const result = await agent.sendMessage('question 0');
    const path = agent.sessionPath;
    agent.destroy();
    if (result.stopReason !== 'end_turn' || path === undefined)
      throw new Error(`The recorded turn did not finish: ${result.error ?? result.stopReason}`);
    const { events, problems } = readSessionFile(path);
    if (problems.length > 0) throw new Error(`The recorded turn's file: ${problems.join(' ')}`);
    return templateOf(events);
  } finally {
    await server.close();
    rmSync(home, { recursive: true, force: true });
  }
}

/** Marks what varies from turn to turn: ids by first appearance, times by event, the turn number. */
export function templateOf(events: readonly AgentEvent[]): TurnTemplate {
  const ids = new Map<string, number>();
  // The session's title is set by its first turn only.
  const kept = events.filter((event) => event.type !== 'sessionTitleChanged');
  const json = kept
    .map((event, index) =>
      JSON.stringify(event, (key, value: unknown) => {
        if (TIME_KEYS.has(key) && typeof value === 'number') return `{{time:${index}}}`;
        if (key === 'durationMs' && typeof value === 'number') return 1000;
        return value;
      }),
    )
    .join('\n')
    .replace(UUID, (uuid) => {
      if (!ids.has(uuid)) ids.set(uuid, ids.size);
      return `{{id:${ids.get(uuid)}}}`;
    })
    .replaceAll('"{{time:', '{{time:')
    .replace(/(\{\{time:\d+\}\})"/g, '$1')
    .replaceAll('call_mock_0_0', 'call_{{turn}}')
    .replaceAll('t0w', 't{{turn}}w')
    .replaceAll('Turn 0:', 'Turn {{turn}}:')
    .replaceAll('question 0', 'question {{turn}}');
  return { json };
}

/** The template's events for turn `turn`: ids, words and times of their own. */
export function turnEvents(template: TurnTemplate, turn: number): AgentEvent[] {
  const start = BASE_TIME + turn * TURN_MS;
  const json = template.json
    .replaceAll('{{turn}}', String(turn))
    .replace(
      /\{\{id:(\d+)\}\}/g,
      (_, n: string) =>
        `00000000-0000-4000-8000-${(turn * 16 + Number(n)).toString(16).padStart(12, '0')}`,
    )
    .replace(/\{\{time:(\d+)\}\}/g, (_, n: string) => String(start + Number(n) * 10));
  return json.split('\n').map((line) => {
    const parsed = parseAgentEvent(JSON.parse(line));
    if (!parsed.ok)
      throw new Error(`The turn template made an event Wave refuses: ${parsed.message}`);
    return parsed.value;
  });
}

export interface WrittenSession {
  readonly id: string;
  readonly path: string;
  readonly turns: number;
}

/**
 * Writes a session of `turns` turns with Wave's session writer, under `waveHome` for `workdir`,
 * and the listing summary Wave writes at the end of a turn (the title, the message count).
 */
export function writeSession(
  template: TurnTemplate,
  options: { waveHome: string; workdir: string; id: string; turns: number; firstTurn?: number },
): WrittenSession {
  const { waveHome, workdir, id, turns, firstTurn = 0 } = options;
  const createdAt = BASE_TIME + firstTurn * TURN_MS;
  const file = SessionFile.create(waveHome, { id, workdir, createdAt });
  let conversation = emptyConversation;
  try {
    for (let turn = firstTurn; turn < firstTurn + turns; turn++) {
      const events = turnEvents(template, turn);
      if (turn === firstTurn)
        events.splice(2, 0, { type: 'sessionTitleChanged', title: `question ${turn}` });
      for (const event of events) file.append(event);
      // Only the first turn's messages name the title; the count is three per turn.
      if (turn === firstTurn) conversation = applyEvents(conversation, events);
    }
  } finally {
    file.close();
  }
  writeSummary({
    id,
    workdir,
    path: file.path,
    title: titleOf(conversation.messages),
    createdAt,
    updatedAt: Date.now(),
    messageCount: conversation.messages.length * turns,
  });
  return { id, path: file.path, turns };
}
