// Rewind (ARCHITECTURE §2.11; spec scenarios 12–13). The cut is one numbered event, `messagesRewound`,
// carrying the requestId the host sent; the host truncates exactly when that event arrives, once,
// never from the method's answer, so it cannot cut twice however the answer and the event are
// timed. ok:false sends nothing; no message list is ever sent for a rewind.
import type { Message } from '@wave-agent/shared-protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startContractFixture } from './host/contract-fixture.js';
import type { ContractFixture } from './host/contract-fixture.js';
import type { RecordedSession } from './host/recorded-session.js';

let fixture: ContractFixture;
beforeAll(async () => {
  fixture = await startContractFixture();
});
afterAll(() => fixture.dispose());

/** A session with three exchanges: user, assistant × 3. */
async function threeExchanges(): Promise<RecordedSession> {
  const session = await fixture.openSession('openai', {
    name: 'three',
    chunkSize: 5,
    turns: [
      { match: { lastUserContains: 'one' }, reply: [{ type: 'text', text: 'First reply.' }] },
      { match: { lastUserContains: 'two' }, reply: [{ type: 'text', text: 'Second reply.' }] },
      { match: { lastUserContains: 'three' }, reply: [{ type: 'text', text: 'Third reply.' }] },
    ],
  });
  for (const text of ['one', 'two', 'three']) await session.converse(text);
  expect(session.state.conversation.messages).toHaveLength(6);
  return session;
}

const userIds = (messages: readonly Message[]) =>
  messages.filter((m) => m.role === 'user').map((m) => m.id);
const eventsSince = (session: RecordedSession, from: number) => session.events.slice(from);

it('ok: one cut event carrying the requestId; the host truncates and equals the pull', async () => {
  const session = await threeExchanges();
  const [, second] = userIds(session.state.conversation.messages);
  const before = session.events.length;
  expect(await session.handle.rewind(second!, { requestId: 'rewind-1' })).toMatchObject({
    ok: true,
    conversationCut: true,
  });
  await session.waitFor('the cut', () => session.state.conversation.messages.length === 2);
  expect(eventsSince(session, before)).toEqual([
    { type: 'messagesRewound', anchorMessageId: second, requestId: 'rewind-1' },
  ]);
  expect(session.state.conversation.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  expect(session.state).toEqual(await session.pulled());
  await session.handle.close();
});

it('ok:false: nothing is sent and nothing changes on either side', async () => {
  const session = await threeExchanges();
  const before = session.state.conversation;
  const from = session.events.length;
  const assistantId = before.messages[1]!.id;
  const result = await session.handle.rewind(assistantId, { requestId: 'rewind-2' });
  expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/not a user message/) });
  expect((await session.pulled()).conversation.messages).toEqual(before.messages);
  expect(eventsSince(session, from)).toEqual([]);
  expect(session.state.conversation.messages).toEqual(before.messages);
  await session.handle.close();
});

it('two rewinds in a row: each cut applies once, in order, and the host never cuts twice', async () => {
  const session = await threeExchanges();
  const [, second, third] = userIds(session.state.conversation.messages);
  const from = session.states.length;
  const first = session.handle.rewind(third!, { requestId: 'rewind-old' });
  const next = session.handle.rewind(second!, { requestId: 'rewind-new' });
  expect(await first).toMatchObject({ ok: true });
  expect(await next).toMatchObject({ ok: true });
  await session.waitFor('both cuts', () => session.state.conversation.messages.length === 2);
  expect(session.states.slice(from).map((state) => state.messages.length)).toEqual([4, 2]);
  expect(session.state).toEqual(await session.pulled());
  await session.handle.close();
});

it('restore "files" only: the answer says the conversation was not cut, and no cut is sent', async () => {
  const session = await threeExchanges();
  const [, second] = userIds(session.state.conversation.messages);
  const from = session.events.length;
  expect(
    await session.handle.rewind(second!, { requestId: 'files-only', restore: 'files' }),
  ).toMatchObject({ ok: true, conversationCut: false });
  expect((await session.pulled()).conversation.messages).toHaveLength(6);
  expect(eventsSince(session, from)).toEqual([]);
  await session.handle.close();
});
