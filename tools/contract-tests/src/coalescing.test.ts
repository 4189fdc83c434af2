// Across a process boundary the bridge merges the deltas of each 16 ms window (ARCHITECTURE §2.6): a
// burst of tiny chunks reaches the host as far fewer events, each the concatenation of the chunks
// it covers, in order. Merging must change nothing a host can see: the reply is exact, every
// state on the way is a prefix of the final one, and the final state equals the pull.
import { applySessionEvents } from '@wave-agent/shared-protocol';
import type { SessionState } from '@wave-agent/shared-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamedContents } from './host/block-contents.js';
import { startContractFixture } from './host/contract-fixture.js';
import type { ContractFixture } from './host/contract-fixture.js';
import { firstPrefixViolation } from './host/prefix-check.js';

const PATTERN = 'a burst of deltas ';
const REPEATS = 200;
const REPLY = PATTERN.repeat(REPEATS);
const CHUNK_SIZE = 2;

describe.each(['child process', 'message port'] as const)('over the %s transport', (transport) => {
  let fixture: ContractFixture;
  beforeAll(async () => {
    fixture = await startContractFixture(transport);
  });
  afterAll(() => fixture.dispose());

  it('merges a burst of chunks into far fewer events and changes nothing in the state', async () => {
    const session = await fixture.openSession('openai', {
      name: 'burst',
      turns: [
        {
          chunkSize: CHUNK_SIZE,
          delayMs: 0,
          reply: [{ type: 'text', repeat: { pattern: PATTERN, count: REPEATS } }],
        },
      ],
    });
    const opened: SessionState = session.state;
    const from = session.events.length;
    await session.converse('burst');
    const chunksSent = REPLY.length / CHUNK_SIZE;
    const applied = session.events
      .slice(from)
      .filter((event) => event.type === 'assistantContentUpdated');
    // Every chunk's text arrived (the applied deltas concatenate to the reply) …
    expect(applied.map((event) => event.chunk).join('')).toBe(REPLY);
    // … in far fewer events than the model sent chunks: the windows merged them.
    expect(applied.length).toBeGreaterThan(0);
    expect(applied.length).toBeLessThan(chunksSent / 4);
    // Merging changed nothing: the one reducer over what the host applied gives its state, the
    // text is exact, every state shown on the way was a prefix of the last, and the pull agrees.
    expect(applySessionEvents(opened, session.events.slice(from))).toEqual(session.state);
    expect(streamedContents(session.state.conversation, 'text')).toEqual([REPLY]);
    expect(firstPrefixViolation(session.states, session.state.conversation)).toBeUndefined();
    expect(session.state).toEqual(await session.pulled());
    await session.handle.close();
  });
});
