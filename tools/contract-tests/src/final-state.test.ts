// The host's state, made only from notifications through the 16 ms coalescer and the shared
// reducer, equals the bridge's getMessages at the end of a turn — for both wire formats, with
// reasoning, text and a tool call that streams its parameters and runs.
import type { Scenario } from '@wave-agent/mock-llm';
import { applyEvents, emptyConversation } from '@wave-agent/shared-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocksOf } from './host/block-contents.js';
import { PROVIDERS, startContractFixture } from './host/contract-fixture.js';
import type { ContractFixture } from './host/contract-fixture.js';

let fixture: ContractFixture;
beforeAll(async () => {
  fixture = await startContractFixture();
});
afterAll(() => fixture.dispose());

const scenario: Scenario = {
  name: 'reason, list, answer',
  chunkSize: 3,
  turns: [
    {
      reply: [
        { type: 'reasoning', text: 'Let me look at the folder first.' },
        { type: 'text', text: 'Listing it now.' },
        { type: 'tool_call', name: 'LS', input: { path: '.' } },
      ],
    },
    {
      reply: [
        { type: 'reasoning', text: 'It is empty.' },
        { type: 'text', numberedWords: { count: 80 } },
      ],
    },
  ],
};

describe.each(PROVIDERS)('%s', (provider) => {
  it('ends with the host state equal to getMessages', async () => {
    const session = await fixture.openSession(provider, scenario);
    await fixture.converse(session, 'what is in this folder?');
    const host = session.settle();
    const pulled = await session.pull();

    expect(host.messages).toEqual(pulled);
    expect(host.unmatchedEvents).toBe(0);
    expect(session.problems).toEqual([]);
    expect(fixture.host.orphans).toEqual([]);
    // The bridge merged bursts of deltas (its batches covered more events than they carried),
    // and merging changed nothing: the received events reduce to the pulled state.
    expect(session.receivedEvents.length).toBeGreaterThan(0);
    expect(session.coveredNumbers).toBeGreaterThan(session.receivedEvents.length);
    expect(applyEvents(emptyConversation, session.receivedEvents).messages).toEqual(host.messages);
    // It was a real stream: a tool ran between two model calls.
    const [, assistant] = pulled;
    expect(blocksOf(assistant!, 'tool')).toMatchObject([
      { name: 'LS', stage: 'end', parameters: '{"path":"."}' },
    ]);
    expect(blocksOf(pulled.at(-1)!, 'text')[0]?.content).toMatch(/^w1 w2 .* w80$/);
    await fixture.host.close(session);
  });
});
