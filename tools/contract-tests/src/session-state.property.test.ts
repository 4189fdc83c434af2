// The promise of the protocol, over every transport a host uses — a `wave --stdio` child, a
// message port relayed to one, and in-process: whatever the chunking, wherever the host pulls,
// and whatever the session goes through (text and reasoning reopening each other, a tool call,
// an abort mid-stream, a rewind, a compaction), the SessionState the client built from the
// server's batches ends equal to the one the server would send in a pull, and no state the
// host showed on the way had a word twice or one taken back (0 duplicates, 0 losses).
import fc from 'fast-check';
import { expandText } from '@wave-agent/mock-llm';
import type { ReplyPart, Turn } from '@wave-agent/mock-llm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamedContents } from './host/block-contents.js';
import { PROVIDERS, startContractFixture } from './host/contract-fixture.js';
import type { ContractFixture } from './host/contract-fixture.js';
import { TRANSPORTS } from './host/hosts.js';
import { firstPrefixViolation } from './host/prefix-check.js';
import type { RecordedSession } from './host/recorded-session.js';

// Enough runs that every branch below is drawn on every transport (each `then` has p = 1/4:
// missing one in 40 runs has odds of about 1 in 100,000); the test says which were reached.
const RUNS = 40;

const sessionCase = fc.record({
  provider: fc.constantFrom(...PROVIDERS),
  chunkSize: fc.integer({ min: 1, max: 12 }),
  delayMs: fc.constantFrom(0, 1),
  words: fc.integer({ min: 5, max: 40 }),
  reasoning: fc.boolean(),
  /** Text and reasoning take turns in one model call (the blocks reopen). */
  reopen: fc.boolean(),
  tool: fc.boolean(),
  /** Where the host pulls, as fractions of the events the first turn will number. */
  pulls: fc.uniqueArray(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), {
    maxLength: 3,
  }),
  then: fc.constantFrom('nothing', 'abort', 'rewind', 'compaction'),
});
type SessionCase = typeof sessionCase extends fc.Arbitrary<infer T> ? T : never;

function scriptFor(run: SessionCase): { turns: Turn[]; text: string; thinking: string } {
  const words = { numberedWords: { count: run.words } };
  const thoughts = { numberedWords: { count: run.words, prefix: 'r' } };
  const reply: ReplyPart[] = run.reopen
    ? [
        { type: 'text', text: 'First, ' },
        { type: 'reasoning', ...thoughts },
        { type: 'text', ...words },
      ]
    : [
        ...(run.reasoning ? [{ type: 'reasoning' as const, ...thoughts }] : []),
        { type: 'text', ...words },
      ];
  const turns: Turn[] = [
    {
      chunkSize: run.chunkSize,
      delayMs: run.delayMs,
      reply: run.tool ? [...reply, { type: 'tool_call', name: 'LS', input: { path: '.' } }] : reply,
    },
  ];
  if (run.tool) turns.push({ reply: [{ type: 'text', text: 'Listed it.' }] });
  if (run.then === 'abort')
    turns.push({
      chunkSize: 4,
      delayMs: 3,
      reply: [{ type: 'text', numberedWords: { count: 400, prefix: 'long' } }],
    });
  if (run.then === 'compaction') turns.push({ reply: [{ type: 'text', text: 'SUMMARY: short.' }] });
  const thinking = run.reopen || run.reasoning ? expandText(thoughts) : '';
  return { turns, text: `${run.reopen ? 'First, ' : ''}${expandText(words)}`, thinking };
}

/** Every state from `from` on is consistent with the state now (nothing twice, nothing lost). */
function expectPrefixesFrom(session: RecordedSession, from: number): void {
  expect(
    firstPrefixViolation(session.states.slice(from), session.state.conversation),
  ).toBeUndefined();
}

async function runCase(fixture: ContractFixture, run: SessionCase): Promise<void> {
  const script = scriptFor(run);
  const session = await fixture.openSession(run.provider, {
    name: 'property',
    turns: script.turns,
  });
  const { handle } = session;
  // Pull at the generated points, and once right after the first delta, while it streams.
  const numbered = Math.ceil((script.text.length + script.thinking.length) / run.chunkSize) + 8;
  const pullAt = [
    handle.seq + 3,
    ...run.pulls.map((point) => handle.seq + 1 + Math.floor(point * numbered)),
  ];
  const pulls: Promise<void>[] = [];
  const stop = handle.onEvent(() => {
    while (pullAt.length > 0 && handle.seq >= Math.min(...pullAt)) {
      pullAt.splice(pullAt.indexOf(Math.min(...pullAt)), 1);
      pulls.push(handle.refresh());
    }
  });
  await session.converse('go');
  await Promise.all(pulls);
  stop();
  // The whole reply, once: no word twice, none lost, in every state shown on the way.
  const first = session.state.conversation;
  expect(streamedContents(first, 'text').join('')).toBe(
    `${script.text}${run.tool ? 'Listed it.' : ''}`,
  );
  expect(streamedContents(first, 'reasoning').join('')).toBe(script.thinking);
  expectPrefixesFrom(session, 0);
  const checkpoint = session.states.length - 1;

  if (run.then === 'abort') {
    const ended = session.turnsEnded();
    await handle.sendMessage('talk for long');
    await session.waitFor('some of the long reply', () =>
      streamedContents(session.state.conversation, 'text').join('').includes('long3 '),
    );
    await handle.abort();
    await session.waitFor('the aborted turn', () => session.turnsEnded() > ended);
    expect(session.events.findLast((event) => event.type === 'turnEnded')).toMatchObject({
      stopReason: 'aborted',
    });
    expectPrefixesFrom(session, checkpoint);
  } else if (run.then === 'rewind') {
    const anchor = first.messages[0]!.id;
    expect(await handle.rewind(anchor, { restore: 'conversation', requestId: 'r' })).toMatchObject({
      ok: true,
    });
    await session.waitFor('the cut', () => session.state.conversation.messages.length === 0);
  } else if (run.then === 'compaction') {
    await handle.compact();
    await session.waitFor('the compaction', () => session.state.status.type === 'idle');
    expect(session.state.conversation.messages.at(-1)?.blocks).toEqual([
      { type: 'compact', summary: 'SUMMARY: short.' },
    ]);
    expectPrefixesFrom(session, checkpoint);
  }

  expect(session.state).toEqual(await session.pulled());
  expect(session.state.conversation.unmatchedEvents).toBe(0);
  expect(fixture.host.client.problems).toEqual([]);
  await handle.close();
}

/** The kinds of session a run covered, counted so a run that never reaches one fails. */
function branchesOf(run: SessionCase): string[] {
  return [
    `provider ${run.provider}`,
    `then ${run.then}`,
    ...(run.reopen ? ['reopen'] : []),
    ...(run.reasoning && !run.reopen ? ['reasoning first'] : []),
    ...(run.tool ? ['tool'] : []),
    ...(run.pulls.length > 0 ? ['pulls at generated points'] : []),
    ...(run.chunkSize === 1 ? ['one-character chunks'] : []),
    ...(run.delayMs === 0 ? ['bursts'] : []),
  ];
}

const EVERY_BRANCH = [
  ...PROVIDERS.map((provider) => `provider ${provider}`),
  ...['nothing', 'abort', 'rewind', 'compaction'].map((then) => `then ${then}`),
  'reopen',
  'reasoning first',
  'tool',
  'pulls at generated points',
  'bursts',
];

describe.each(TRANSPORTS)('over the %s transport', (transport) => {
  let fixture: ContractFixture;
  beforeAll(async () => {
    fixture = await startContractFixture(transport);
  });
  afterAll(() => fixture.dispose());

  it(`ends with the state of the pull, nothing twice, nothing lost, in ${RUNS} generated sessions`, async () => {
    const reached = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(sessionCase, async (run) => {
        await runCase(fixture, run);
        for (const branch of branchesOf(run)) reached.set(branch, (reached.get(branch) ?? 0) + 1);
      }),
      { numRuns: RUNS },
    );
    console.log(
      `${transport}: ${[...reached].map(([branch, count]) => `${branch} ×${count}`).join(', ')}`,
    );
    expect(EVERY_BRANCH.filter((branch) => !reached.has(branch))).toEqual([]);
  });
});
