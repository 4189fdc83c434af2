// Rewind (DESIGN §2.11; spec scenarios 12–13). The cut is one numbered event, `messagesRewound`,
// carrying the requestId the host sent; the host truncates exactly when that event arrives, once,
// never from the method's answer, so it cannot cut twice however the answer and the event are
// timed. ok:false sends nothing; no message list is ever sent for a rewind.
import type { Message } from '@wave-agent/shared-protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startContractFixture } from './host/contract-fixture.js';
import type { ContractFixture } from './host/contract-fixture.js';
import type { HostSession } from './host/host-session.js';

let fixture: ContractFixture;
beforeAll(async () => {
  fixture = await startContractFixture();
});
afterAll(() => fixture.dispose());

/** A session with three exchanges: user, assistant × 3. */
async function threeExchanges(): Promise<HostSession> {
  const session = await fixture.openSession('openai', {
    name: 'three',
    chunkSize: 5,
    turns: [
      { match: { lastUserContains: 'one' }, reply: [{ type: 'text', text: 'First reply.' }] },
      { match: { lastUserContains: 'two' }, reply: [{ type: 'text', text: 'Second reply.' }] },
      { match: { lastUserContains: 'three' }, reply: [{ type: 'text', text: 'Third reply.' }] },
    ],
  });
  for (const text of ['one', 'two', 'three']) await fixture.converse(session, text);
  session.settle();
  expect(session.state.messages).toHaveLength(6);
  return session;
}

const userIds = (messages: readonly Message[]) =>
  messages.filter((m) => m.role === 'user').map((m) => m.id);
const eventsSince = (session: HostSession, from: number) => session.receivedEvents.slice(from);

it('ok: one cut event carrying the requestId; the host truncates and equals the pull', async () => {
  const session = await threeExchanges();
  const [, second] = userIds(session.state.messages);
  const before = session.receivedEvents.length;
  expect(await session.rewind(second!, 'rewind-1')).toMatchObject({
    ok: true,
    conversationCut: true,
  });
  await fixture.host.waitUntil('the cut', () => session.state.messages.length === 2);
  expect(eventsSince(session, before)).toEqual([
    { type: 'messagesRewound', anchorMessageId: second, requestId: 'rewind-1' },
  ]);
  expect(session.state.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  expect(session.state.messages).toEqual(await session.pull());
  await fixture.host.close(session);
});

it('ok:false: nothing is sent and nothing changes on either side', async () => {
  const session = await threeExchanges();
  const before = session.settle();
  const from = session.receivedEvents.length;
  const assistantId = before.messages[1]!.id;
  const result = await session.rewind(assistantId, 'rewind-2');
  expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/not a user message/) });
  expect(await session.pull()).toEqual(before.messages);
  expect(eventsSince(session, from)).toEqual([]);
  expect(session.state.messages).toEqual(before.messages);
  await fixture.host.close(session);
});

it('two rewinds in a row: each cut applies once, in order, and the host never cuts twice', async () => {
  const session = await threeExchanges();
  const [, second, third] = userIds(session.state.messages);
  const from = session.states.length;
  const first = session.rewind(third!, 'rewind-old');
  const next = session.rewind(second!, 'rewind-new');
  expect(await first).toMatchObject({ ok: true });
  expect(await next).toMatchObject({ ok: true });
  await fixture.host.waitUntil('both cuts', () => session.state.messages.length === 2);
  expect(session.states.slice(from).map((state) => state.messages.length)).toEqual([4, 2]);
  expect(session.state.messages).toEqual(await session.pull());
  await fixture.host.close(session);
});

it('restore "files" only: the answer says the conversation was not cut, and no cut is sent', async () => {
  const session = await threeExchanges();
  const [, second] = userIds(session.state.messages);
  const from = session.receivedEvents.length;
  expect(
    await fixture.host.request('rewindToMessage', {
      sessionId: session.sessionId,
      messageId: second!,
      requestId: 'files-only',
      restore: 'files',
    }),
  ).toMatchObject({ ok: true, conversationCut: false });
  expect(await session.pull()).toHaveLength(6);
  expect(eventsSince(session, from)).toEqual([]);
  await fixture.host.close(session);
});
