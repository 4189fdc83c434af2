// Rewind receipts (DESIGN §2.11; spec scenarios 12–13). With a requestId the bridge answers with a
// `rewindResult` receipt and no messages, and the host truncates its own copy — only on an ok
// receipt for the request it is waiting for. ok:false changes nothing; a stale receipt is
// ignored; a client without requestId gets the full list instead.
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
const methodsSince = (session: HostSession, from: number) =>
  session.received.slice(from).map((n) => n.method);

it('ok receipt: the host truncates locally and equals getMessages; no message list is sent', async () => {
  const session = await threeExchanges();
  const [, second] = userIds(session.state.messages);
  const before = session.received.length;
  expect(await session.rewind(second!, 'rewind-1')).toMatchObject({
    ok: true,
    conversationCut: true,
  });
  const host = session.settle();
  expect(host.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  expect(host.messages).toEqual(await session.pull());
  expect(methodsSince(session, before)).toEqual(['rewindResult']);
  expect(session.received.at(-1)?.params).toEqual({
    sessionId: session.sessionId,
    requestId: 'rewind-1',
    ok: true,
    conversationCut: true,
  });
  await fixture.host.close(session);
});

it('ok:false receipt: nothing changes on either side', async () => {
  const session = await threeExchanges();
  const before = session.settle();
  const assistantId = before.messages[1]!.id;
  const result = await session.rewind(assistantId, 'rewind-2');
  expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/not a user message/) });
  expect(session.settle()).toBe(before);
  expect(session.received.at(-1)?.params).toMatchObject({
    requestId: 'rewind-2',
    ok: false,
    error: result.error,
  });
  expect(await session.pull()).toEqual(before.messages);
  await fixture.host.close(session);
});

it('a stale receipt (its request was superseded) is ignored; the current one applies', async () => {
  const session = await threeExchanges();
  const [, second, third] = userIds(session.state.messages);
  const from = session.states.length;
  // The user rewinds to the third message, then, before the receipt, further back to the second.
  const superseded = session.rewind(third!, 'rewind-old');
  const current = session.rewind(second!, 'rewind-new');
  expect(await superseded).toMatchObject({ ok: true });
  expect(await current).toMatchObject({ ok: true });
  const host = session.settle();
  expect(session.ignoredReceipts).toMatchObject([{ requestId: 'rewind-old', ok: true }]);
  // The host never showed the cut the stale receipt described (four messages).
  expect(session.states.slice(from).map((state) => state.messages.length)).toEqual([2]);
  expect(host.messages).toHaveLength(2);
  expect(host.messages).toEqual(await session.pull());
  await fixture.host.close(session);
});

it('without requestId, the full list arrives (messagesReplaced) and no receipt', async () => {
  const session = await threeExchanges();
  const [, second] = userIds(session.state.messages);
  const before = session.received.length;
  expect(await session.rewind(second!)).toMatchObject({ ok: true, conversationCut: true });
  expect(methodsSince(session, before)).toEqual(['messagesReplaced']);
  const host = session.settle();
  expect(host.messages).toHaveLength(2);
  expect(host.messages).toEqual(await session.pull());
  await fixture.host.close(session);
});
