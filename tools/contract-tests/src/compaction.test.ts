// Compaction appends (ARCHITECTURE §2.11; spec scenario 11): the compact block arrives as a
// compactBlockAdded event carrying its message, the host appends it, and no full list (a
// replace) is sent — the host needs no pull to stay equal to getMessages.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startContractFixture } from './host/contract-fixture.js';
import type { ContractFixture } from './host/contract-fixture.js';

let fixture: ContractFixture;
beforeAll(async () => {
  fixture = await startContractFixture();
});
afterAll(() => fixture.dispose());

it('appends the compact block without a pull', async () => {
  const summary = 'SUMMARY: the user asked twice; both were answered.';
  const session = await fixture.openSession('anthropic', {
    name: 'compact',
    chunkSize: 6,
    turns: [
      { reply: [{ type: 'text', text: 'First answer.' }] },
      { reply: [{ type: 'text', text: 'Second answer.' }] },
      { reply: [{ type: 'text', text: summary }] },
    ],
  });
  await session.converse('first');
  await session.converse('second');
  const before = session.state.conversation;
  const from = session.events.length;

  await session.handle.compact('keep it short');
  await session.waitFor('the compaction turn', () => session.state.status.type === 'idle');
  const host = session.state.conversation;
  const types = session.events.slice(from).map((event) => event.type);
  expect(types.filter((type) => type === 'compactBlockAdded')).toHaveLength(1);
  expect(types.filter((type) => type === 'messagesReplaced' || type === 'sessionReplaced')).toEqual(
    [],
  );
  // Appended: the messages before it are the very objects the host already held.
  expect(host.messages.slice(0, 4).every((message, i) => message === before.messages[i])).toBe(
    true,
  );
  expect(before.messages).toHaveLength(4);
  expect(host.messages.at(-1)).toMatchObject({
    role: 'system',
    blocks: [{ type: 'compact', summary }],
  });
  expect(session.state).toEqual(await session.pulled());
  await session.handle.close();
});
