// A damaged line in a session file costs only itself (issue 34): inserted amid a reply's
// continuation lines — not JSON, NUL bytes, an unknown event type, a wrong-typed or wrong-stage
// event, a 50 MB line — the whole reply survives a resume, with one notice naming the line; a
// run of damaged lines is one notice naming the range. A damaged first line of a delta loses its
// continuation lines (format 3 says which they continue) instead of gluing them onto another.
// Format 2 files, whose continuation lines say nothing of what they continue, still read.
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../agent.js';
import {
  lastAssistantText,
  restoreInNewAgent,
  startHarness,
} from '../test-support/agent-harness.js';
import type { Harness } from '../test-support/agent-harness.js';
import { expandNumberedWords } from '../test-support/numbered-words.js';
import { SessionLineEncoder } from './session-lines.js';
import { ToolStepTrim } from './tool-step-trim.js';

const WORDS = 300;
const REPLY = expandNumberedWords(WORDS);
const REASONING = 'First I count in my head, then I write every number down in order.';

let harness: Harness;
/** The session file as the reply left it, and the id of the reply's message. */
let intact: { path: string; id: string; lines: string[]; messageId: string };

beforeAll(async () => {
  harness = await startHarness('anthropic', {
    name: 'damaged lines',
    chunkSize: 8,
    turns: [
      {
        reply: [
          { type: 'reasoning', text: REASONING, signature: 'c2ln' },
          { type: 'text', numberedWords: { count: WORDS } },
        ],
      },
    ],
  });
  await harness.agent.sendMessage('count');
  const path = harness.agent.sessionPath!;
  harness.agent.destroy();
  const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
  const messageId = harness.agent.messages.at(-1)!.id;
  intact = { path, id: harness.agent.sessionId, lines, messageId };
});
afterAll(() => harness.dispose());

function notices(agent: Agent): string[] {
  return agent.messages.flatMap((message) =>
    message.blocks.flatMap((block) => (block.type === 'notice' ? [block.message] : [])),
  );
}

function reasoningOf(agent: Agent): string {
  return agent.messages
    .flatMap((message) => message.blocks)
    .map((block) => (block.type === 'reasoning' ? block.content : ''))
    .join('');
}

/** The index of the whole line that starts the reply's text, and one well inside its chunks. */
function textLines(lines: readonly string[]): { template: number; middle: number } {
  const template = lines.findIndex((line) => line.includes('"assistantContentUpdated"'));
  const middle = template + 20;
  expect(JSON.parse(lines[template]!)).toMatchObject({ type: 'assistantContentUpdated' });
  // Continuation lines around the insertion: the case a reader used to lose the rest of.
  for (const line of lines.slice(middle - 1, middle + 100)) expect(line.startsWith('"')).toBe(true);
  return { template, middle };
}

async function resumeWith(lines: readonly (string | Buffer)[]): Promise<Agent> {
  const parts = lines.flatMap((line) => [Buffer.from(line), Buffer.from('\n')]);
  writeFileSync(intact.path, Buffer.concat(parts));
  return restoreInNewAgent(harness, intact.id);
}

describe('one damaged line in a session file', () => {
  const damaged: readonly (readonly [string, () => string | Buffer, string])[] = [
    ['a line that is not JSON', () => 'this is not { JSON', 'not valid JSON'],
    ['NUL bytes', () => '\u0000'.repeat(4096), 'not valid JSON'],
    [
      'an event of an unknown type',
      () => JSON.stringify({ type: 'assistantContentRewritten', messageId: intact.messageId }),
      'not a valid event (unknown event type "assistantContentRewritten" (sent by a newer Wave?))',
    ],
    [
      'a wrong-typed event',
      () =>
        JSON.stringify({
          type: 'assistantContentUpdated',
          messageId: intact.messageId,
          chunk: 42,
          stage: 'streaming',
        }),
      'not a valid event (invalid assistantContentUpdated event: chunk: expected string, received number)',
    ],
    [
      'a wrong-stage event',
      () =>
        JSON.stringify({
          type: 'assistantContentUpdated',
          messageId: intact.messageId,
          chunk: 'never',
          stage: 'sideways',
        }),
      'not a valid event (invalid assistantContentUpdated event: stage: Invalid option: expected one of "streaming"|"end")',
    ],
    // Made as bytes, never as one string here: the reader is what is being tried on it.
    ['a 50 MB line', () => Buffer.alloc(50 * 1024 * 1024, 'x'), 'not valid JSON'],
  ];

  it.each(damaged)(
    '%s, inserted amid the reply, costs only itself and one notice',
    async (_, line, reason) => {
      const lines: (string | Buffer)[] = [...intact.lines];
      const { middle } = textLines(intact.lines);
      lines.splice(middle, 0, line());
      const resumed = await resumeWith(lines);
      expect(lastAssistantText(resumed)).toBe(REPLY);
      expect(reasoningOf(resumed)).toBe(REASONING);
      expect(notices(resumed)).toEqual([
        `Line ${middle + 1} of ${intact.path} was skipped: ${reason}.`,
      ]);
      resumed.destroy();
    },
  );

  it('several damaged lines in a row make one notice naming the range', async () => {
    const lines = [...intact.lines];
    const { middle } = textLines(lines);
    lines.splice(
      middle,
      0,
      'not JSON',
      '\u0000\u0000',
      JSON.stringify({ type: 'nothing Wave writes' }),
      'not JSON again',
    );
    const resumed = await resumeWith(lines);
    expect(lastAssistantText(resumed)).toBe(REPLY);
    const first = middle + 1;
    expect(notices(resumed)).toEqual([
      `Lines ${first}–${first + 3} of ${intact.path} were skipped (4 lines); ` +
        `lines ${first}–${first + 1}: not valid JSON; ` +
        `line ${first + 2}: not a valid event (unknown event type "nothing Wave writes" (sent by a newer Wave?)); ` +
        `line ${first + 3}: not valid JSON.`,
    ]);
    resumed.destroy();
  });

  it('a damaged first line of a delta loses its continuation lines, glues none onto the delta before, and says so once', async () => {
    const lines = [...intact.lines];
    const { template } = textLines(lines);
    const last = lines.findLastIndex((line) => line.startsWith('"'));
    lines[template] = 'damaged where the text began';
    const resumed = await resumeWith(lines);
    expect(reasoningOf(resumed)).toBe(REASONING);
    expect(lastAssistantText(resumed)).toBe('');
    expect(notices(resumed)).toEqual([
      `Lines ${template + 1}–${last + 1} of ${intact.path} were skipped (${last - template + 1} lines); ` +
        `line ${template + 1}: not valid JSON; ` +
        `lines ${template + 2}–${last + 1}: continuing a delta whose first line is missing or was skipped.`,
    ]);
    resumed.destroy();
  });

  it('a resumed file counts its deltas on from its last number, so a damaged new one cannot take an old one’s place', async () => {
    writeFileSync(intact.path, `${intact.lines.join('\n')}\n`);
    const consecutive = (count: number): string[] =>
      Array.from({ length: count }, (_, index) => index.toString(36).padStart(2, '0'));
    const numbers = (text: string): string[] =>
      text
        .split('\n')
        .filter((line) => line.startsWith('{"#"'))
        .map((line) => (JSON.parse(line) as { '#': string })['#']);
    const before = numbers(readFileSync(intact.path, 'utf8'));
    // The reasoning (its first chunk, its second, its signature) and the text.
    expect(before).toEqual(consecutive(before.length));
    expect(before.length).toBeGreaterThan(1);
    const resumed = await restoreInNewAgent(harness, intact.id);
    await resumed.sendMessage('and again');
    resumed.destroy();
    const after = numbers(readFileSync(intact.path, 'utf8'));
    expect(after.length).toBeGreaterThan(before.length);
    expect(after).toEqual(consecutive(after.length));
  });
});

describe('a format 2 session file', () => {
  /** The same session as a Wave of format 2 wrote it. */
  function formatTwo(): string[] {
    const [header] = intact.lines;
    const encoder = new SessionLineEncoder({ version: 2, nextTemplate: 0 });
    const trim = new ToolStepTrim();
    return [
      JSON.stringify({ ...(JSON.parse(header!) as object), version: 2 }),
      ...harness.events.map((event) => encoder.encode(trim.trim(event))),
    ];
  }

  it('reads whole, and is appended to in format 2', async () => {
    const lines = formatTwo();
    expect(lines.some((line) => line.includes('"#"'))).toBe(false);
    expect(lines.filter((line) => line.startsWith('"')).length).toBeGreaterThan(100);
    const resumed = await resumeWith(lines);
    expect(lastAssistantText(resumed)).toBe(REPLY);
    expect(reasoningOf(resumed)).toBe(REASONING);
    expect(notices(resumed)).toEqual([]);
    await resumed.sendMessage('more');
    resumed.destroy();
    const appended = readFileSync(intact.path, 'utf8').trimEnd().split('\n').slice(lines.length);
    expect(appended.length).toBeGreaterThan(0);
    expect(appended.some((line) => line.includes('"#"'))).toBe(false);
    const again = await restoreInNewAgent(harness, intact.id);
    expect(notices(again)).toEqual([]);
    again.destroy();
  });

  it('after a damaged line, drops the continuation lines it cannot place, in one notice naming them', async () => {
    const lines = formatTwo();
    const { middle } = textLines(lines);
    const last = lines.findLastIndex((line) => line.startsWith('"'));
    lines.splice(middle, 0, 'not JSON');
    const resumed = await resumeWith(lines);
    // The damaged line might have begun another delta: what follows is not glued on by guess.
    expect(REPLY.startsWith(lastAssistantText(resumed))).toBe(true);
    expect(notices(resumed)).toEqual([
      `Lines ${middle + 1}–${last + 2} of ${intact.path} were skipped (${last - middle + 2} lines); ` +
        `line ${middle + 1}: not valid JSON; ` +
        `lines ${middle + 2}–${last + 2}: continuing a delta, but the line before it is not one.`,
    ]);
    resumed.destroy();
  });
});
