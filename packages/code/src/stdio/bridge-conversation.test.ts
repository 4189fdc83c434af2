// wave --stdio as a host sees it, through a real child process against tools/mock-llm:
// sessions, streaming as pure deltas that reduce to the pull, the queue, /btw and clear.
import { expandText } from '@wave-agent/mock-llm';
import type { MockLlm } from '@wave-agent/mock-llm';
import { RPC_ERROR_CODES } from '@wave-agent/shared-protocol';
import { ResponseError } from 'vscode-jsonrpc/node.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  assistantText,
  initializeParams,
  reduceNotifications,
  spawnBridge,
  startMock,
  useTempDirs,
  turnEnded,
  turnFinished,
} from './test-kit.js';
import type { BridgeChild, MockProvider, Notification } from './test-kit.js';

let bridge: BridgeChild;
let mock: MockLlm | undefined;
const dir = useTempDirs();

beforeEach(() => {
  bridge = spawnBridge({ waveHome: dir('home'), cwd: dir('cwd') });
});

afterEach(async () => {
  bridge.dispose();
  await mock?.close();
  mock = undefined;
});

const paramsOf = (n: Notification) => n.params as Record<string, unknown>;
const ofSession = (sessionId: string, method: string) =>
  bridge.notifications.filter((n) => n.method === method && paramsOf(n).sessionId === sessionId);

describe.each<MockProvider>(['openai', 'anthropic'])('a streamed reply (%s)', (provider) => {
  it('arrives as pure deltas after a prompt sendMessage, and reduces to getMessages', async () => {
    const answer = { numberedWords: { count: 60, prefix: 'word' } };
    mock = await startMock({
      name: 'stream',
      chunkSize: 5,
      delayMs: 2,
      turns: [
        {
          reply: [
            { type: 'reasoning', text: 'Let me think about this.' },
            { type: 'text', ...answer },
          ],
        },
      ],
    });
    const workdir = dir('work');
    const opened = await bridge.request('initialize', initializeParams(provider, mock, workdir));
    expect(opened).toEqual({ sessionId: expect.any(String), model: 'mock-model', provider });
    const { sessionId } = opened;

    const sent = await bridge.request('sendMessage', { sessionId, text: 'count for me' });
    expect(sent).toEqual({ queued: false });
    // The response came before the turn ended: turns run in the background.
    expect(bridge.notifications.some(turnFinished(sessionId))).toBe(false);
    await bridge.waitForNotification(turnFinished(sessionId));
    // The end of the whole turn is said once, after its last event, with its usage.
    await bridge.waitForNotification(turnEnded(sessionId));
    const ended = bridge.notifications.filter(turnEnded(sessionId));
    expect(ended).toHaveLength(1);
    expect(ended[0]!.params).toMatchObject({
      stopReason: 'end_turn',
      usage: { outputTokens: expect.any(Number) },
    });
    expect(bridge.notifications.indexOf(ended[0]!)).toBeGreaterThan(
      bridge.notifications.findLastIndex(turnFinished(sessionId)),
    );

    const { messages } = await bridge.request('getMessages', { sessionId });
    expect(reduceNotifications(bridge.notifications, sessionId).messages).toEqual(messages);
    expect(assistantText({ messages, unmatchedEvents: 0 })).toBe(expandText(answer));
    // Deltas only: no chunk longer than what the model sent at once, and no full list pushed.
    const chunks = ofSession(sessionId, 'assistantContentUpdated').map((n) =>
      String(paramsOf(n).chunk),
    );
    expect(chunks.length).toBeGreaterThan(20);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThanOrEqual(5);
    expect(ofSession(sessionId, 'messagesReplaced')).toEqual([]);
  });
});

it('keeps several sessions apart: each one is routed and reduced by its own sessionId', async () => {
  const alpha = { numberedWords: { count: 40, prefix: 'alpha' } };
  const beta = { numberedWords: { count: 40, prefix: 'beta' } };
  mock = await startMock({
    name: 'two sessions',
    chunkSize: 4,
    delayMs: 3,
    turns: [
      { match: { lastUserContains: 'first' }, reply: [{ type: 'text', ...alpha }] },
      { match: { lastUserContains: 'second' }, reply: [{ type: 'text', ...beta }] },
    ],
  });
  const one = await bridge.request('initialize', initializeParams('openai', mock, dir('one')));
  const two = await bridge.request('initialize', initializeParams('anthropic', mock, dir('two')));
  expect(one.sessionId).not.toBe(two.sessionId);
  await bridge.request('sendMessage', { sessionId: one.sessionId, text: 'first' });
  await bridge.request('sendMessage', { sessionId: two.sessionId, text: 'second' });
  await bridge.waitForNotification(turnFinished(one.sessionId));
  await bridge.waitForNotification(turnFinished(two.sessionId));

  for (const [session, expected] of [
    [one, alpha],
    [two, beta],
  ] as const) {
    const { messages } = await bridge.request('getMessages', { sessionId: session.sessionId });
    const reduced = reduceNotifications(bridge.notifications, session.sessionId);
    expect(reduced.messages).toEqual(messages);
    expect(reduced.unmatchedEvents).toBe(0);
    expect(assistantText(reduced)).toBe(expandText(expected));
  }
});

it('queues a message sent during a turn, reports the queue, and runs it next', async () => {
  mock = await startMock({
    name: 'queue',
    chunkSize: 3,
    delayMs: 5,
    turns: [
      {
        match: { lastUserContains: 'one' },
        reply: [{ type: 'text', text: 'reply to one, streaming slowly' }],
      },
      { match: { lastUserContains: 'TWO' }, reply: [{ type: 'text', text: 'reply to two' }] },
    ],
  });
  const { sessionId } = await bridge.request(
    'initialize',
    initializeParams('openai', mock, dir('work')),
  );
  expect(await bridge.request('sendMessage', { sessionId, text: 'one' })).toEqual({
    queued: false,
  });
  expect(await bridge.request('sendMessage', { sessionId, text: 'two' })).toEqual({ queued: true });
  const changed = await bridge.waitForNotification((n) => n.method === 'queuedMessagesChanged');
  const { queued } = await bridge.request('getQueuedMessages', { sessionId });
  expect(paramsOf(changed)).toEqual({ sessionId, queued });
  expect(queued.map((q) => q.text)).toEqual(['two']);
  await bridge.request('editQueuedMessage', { sessionId, id: queued[0]!.id, text: 'TWO edited' });
  const missing = bridge.request('removeQueuedMessage', { sessionId, id: 'no-such-id' });
  await expect(missing).rejects.toMatchObject({
    code: RPC_ERROR_CODES.queuedMessageNotFound,
    message: expect.stringMatching(/No queued message "no-such-id".*getQueuedMessages/),
  });

  await bridge.waitForNotification(
    (n) =>
      turnFinished(sessionId)(n) && ofSession(sessionId, 'assistantMessageFinished').length === 2,
  );
  const { messages } = await bridge.request('getMessages', { sessionId });
  const users = messages.filter((m) => m.role === 'user').map((m) => m.blocks[0]);
  expect(users).toMatchObject([{ content: 'one' }, { content: 'TWO edited' }]);
  expect(reduceNotifications(bridge.notifications, sessionId).messages).toEqual(messages);
});

it('answers askBtw at once with an id and streams the side answer as btwUpdated deltas', async () => {
  mock = await startMock({
    name: 'btw',
    chunkSize: 3,
    turns: [{ reply: [{ type: 'text', text: 'Side answer, briefly.' }] }],
  });
  const { sessionId } = await bridge.request(
    'initialize',
    initializeParams('anthropic', mock, dir('work')),
  );
  const { btwId } = await bridge.request('askBtw', { sessionId, question: 'by the way?' });
  const end = await bridge.waitForNotification(
    (n) => n.method === 'btwUpdated' && paramsOf(n).btwId === btwId && paramsOf(n).stage === 'end',
  );
  const updates = bridge.notifications.filter((n) => n.method === 'btwUpdated').map(paramsOf);
  expect(updates.length).toBeGreaterThan(3);
  expect(updates.every((u) => u.sessionId === sessionId && u.btwId === btwId)).toBe(true);
  expect(updates.map((u) => u.chunk).join('')).toBe('Side answer, briefly.');
  expect(updates.at(-1)).toEqual(paramsOf(end));
  // A side question never enters the conversation.
  expect((await bridge.request('getMessages', { sessionId })).messages).toEqual([]);
});

it('clearMessages starts a new session: the old id stops routing, the host is told to empty its list', async () => {
  mock = await startMock({
    name: 'clear',
    turns: [{ reply: [{ type: 'text', text: 'Hello there.' }] }],
  });
  const { sessionId } = await bridge.request(
    'initialize',
    initializeParams('openai', mock, dir('work')),
  );
  await bridge.request('sendMessage', { sessionId, text: 'hi' });
  await bridge.waitForNotification(turnFinished(sessionId));

  const cleared = await bridge.request('clearMessages', { sessionId });
  expect(cleared.sessionId).not.toBe(sessionId);
  // Sent under the id the host knew when it happened, so the host can apply it.
  expect(ofSession(sessionId, 'messagesReplaced').map(paramsOf)).toEqual([
    { sessionId, messages: [] },
  ]);
  expect(reduceNotifications(bridge.notifications, sessionId).messages).toEqual([]);
  expect(await bridge.request('getMessages', { sessionId: cleared.sessionId })).toEqual({
    messages: [],
  });
  const stale = bridge.request('getMessages', { sessionId });
  await expect(stale).rejects.toBeInstanceOf(ResponseError);
  await expect(stale).rejects.toMatchObject({ code: RPC_ERROR_CODES.sessionNotFound });
});

it('abortMessage stops the running turn (its partial reply stays, well formed); compact and bang wait for idle', async () => {
  mock = await startMock({
    name: 'abort',
    chunkSize: 4,
    delayMs: 10,
    turns: [{ reply: [{ type: 'text', numberedWords: { count: 500 } }] }],
  });
  const { sessionId } = await bridge.request(
    'initialize',
    initializeParams('openai', mock, dir('work')),
  );
  await bridge.request('sendMessage', { sessionId, text: 'talk for a long time' });
  await bridge.waitForNotification((n) => n.method === 'assistantContentUpdated');
  await expect(bridge.request('compact', { sessionId })).rejects.toMatchObject({
    code: RPC_ERROR_CODES.turnInProgress,
    message: expect.stringMatching(
      /Cannot compact the conversation while a turn is running.*abortMessage/,
    ),
  });
  await expect(bridge.request('bang', { sessionId, command: 'ls' })).rejects.toMatchObject({
    code: RPC_ERROR_CODES.turnInProgress,
  });
  expect(await bridge.request('abortMessage', { sessionId })).toBeNull();
  await bridge.waitForNotification(turnFinished(sessionId, 'aborted'));

  const { messages } = await bridge.request('getMessages', { sessionId });
  expect(reduceNotifications(bridge.notifications, sessionId).messages).toEqual(messages);
  const reply = messages[1]!.blocks[0];
  expect(reply).toMatchObject({
    type: 'text',
    stage: 'end',
    content: expect.stringMatching(/^w1/),
  });
  // However early the abort came, what stays is a proper prefix of the reply.
  const full = expandText({ numberedWords: { count: 500 } });
  expect(reply?.type === 'text' && full.startsWith(reply.content)).toBe(true);
  expect(reply?.type === 'text' && reply.content.length).toBeLessThan(full.length);
});

it('runs a ! command with bang: its output streams as bangBlockUpdated deltas', async () => {
  mock = await startMock({ name: 'bang', turns: [{ reply: [{ type: 'text', text: 'unused' }] }] });
  const { sessionId } = await bridge.request(
    'initialize',
    initializeParams('openai', mock, dir('work')),
  );
  expect(await bridge.request('bang', { sessionId, command: 'echo from-bang; exit 3' })).toBeNull();
  await bridge.waitForNotification(
    (n) => n.method === 'bangBlockUpdated' && paramsOf(n).stage === 'end',
  );
  const { messages } = await bridge.request('getMessages', { sessionId });
  expect(messages[0]!.blocks[0]).toMatchObject({
    type: 'bang',
    output: 'from-bang\n',
    exitCode: 3,
    stage: 'end',
  });
  expect(reduceNotifications(bridge.notifications, sessionId).messages).toEqual(messages);
});

it('lists stored sessions and restores one beside the open session', async () => {
  mock = await startMock({
    name: 'restore',
    turns: [{ reply: [{ type: 'text', text: 'Remember me.' }] }],
  });
  const workdir = dir('work');
  const first = await bridge.request('initialize', initializeParams('anthropic', mock, workdir));
  await bridge.request('sendMessage', { sessionId: first.sessionId, text: 'a stored question' });
  await bridge.waitForNotification(turnFinished(first.sessionId));
  const stored = (await bridge.request('getMessages', { sessionId: first.sessionId })).messages;
  expect(await bridge.request('destroy', { sessionId: first.sessionId })).toBeNull();
  await expect(bridge.request('getMessages', { sessionId: first.sessionId })).rejects.toMatchObject(
    {
      code: RPC_ERROR_CODES.sessionNotFound,
    },
  );

  const { sessions } = await bridge.request('listSessions', { workdir });
  expect(sessions).toEqual([
    {
      id: first.sessionId,
      title: 'a stored question',
      updatedAt: expect.any(Number),
      messageCount: 2,
      workdir,
    },
  ]);
  const current = await bridge.request('initialize', initializeParams('anthropic', mock, workdir));
  expect(await bridge.request('restoreSession', { sessionId: first.sessionId })).toEqual({
    messages: stored,
  });
  expect(await bridge.request('getMessages', { sessionId: first.sessionId })).toEqual({
    messages: stored,
  });
  // The session the host was in stays open until the host destroys it.
  expect(await bridge.request('getMessages', { sessionId: current.sessionId })).toEqual({
    messages: [],
  });
  await expect(bridge.request('restoreSession', { sessionId: 'not-stored' })).rejects.toMatchObject(
    {
      code: RPC_ERROR_CODES.sessionNotFound,
      message: expect.stringMatching(/No stored session "not-stored".*listSessions/),
    },
  );
});
