// wave --stdio as a host sees it, through a real child process against tools/mock-llm:
// sessions, streaming as pure deltas that reduce to the pull, the queue, /btw and clear.
import { expandText } from '@wave-agent/mock-llm';
import type { MockLlm } from '@wave-agent/mock-llm';
import { RPC_ERROR_CODES } from '@wave-agent/shared-protocol';
import { ResponseError } from 'vscode-jsonrpc/node.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  assistantText,
  eventsOf,
  initializeParams,
  reduceEvents,
  spawnBridge,
  startMock,
  useTempDirs,
  turnEnded,
  turnFinished,
} from './test-kit.js';
import type { BridgeChild, MockProvider } from './test-kit.js';

let bridge: BridgeChild;
let mock: MockLlm | undefined;
const dir = useTempDirs();

beforeEach(() => {
  bridge = spawnBridge({ waveHome: dir('home'), cwd: dir('cwd') });
});

afterEach(async () => {
  expect(bridge.problems).toEqual([]);
  bridge.dispose();
  await mock?.close();
  mock = undefined;
});

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
    expect(opened).toMatchObject({ sessionId: expect.any(String), model: 'mock-model', provider });
    const { sessionId } = opened;
    // The host starts from the whole session state and the number of its last event.
    expect(opened.state).toMatchObject({
      sessionId,
      workdir,
      status: { type: 'idle' },
      model: { provider, model: 'mock-model' },
      conversation: { messages: [] },
    });

    const sent = await bridge.request('sendMessage', { sessionId, text: 'count for me' });
    expect(sent).toEqual({ queued: false });
    // The response came before the turn ended: turns run in the background.
    expect(bridge.events.some(turnFinished(sessionId))).toBe(false);
    await bridge.waitForEvent(turnFinished(sessionId));
    // The end of the whole turn is said once, after its last event, with its usage.
    await bridge.waitForEvent(turnEnded(sessionId));
    const ended = bridge.events.filter(turnEnded(sessionId));
    expect(ended).toHaveLength(1);
    expect(ended[0]!.event).toMatchObject({
      stopReason: 'end_turn',
      usage: { outputTokens: expect.any(Number) },
    });
    expect(bridge.events.indexOf(ended[0]!)).toBeGreaterThan(
      bridge.events.findLastIndex(turnFinished(sessionId)),
    );

    const { messages } = await bridge.request('getMessages', { sessionId });
    expect(reduceEvents(bridge.events, sessionId).messages).toEqual(messages);
    expect(assistantText({ messages, unmatchedEvents: 0 })).toBe(expandText(answer));
    // Deltas only, merged within a window but never more than the whole reply at once, and no
    // full list pushed.
    const chunks = eventsOf(bridge.events, sessionId, 'assistantContentUpdated').map(
      (e) => e.chunk,
    );
    expect(chunks.join('')).toBe(expandText(answer));
    expect(eventsOf(bridge.events, sessionId, 'messagesReplaced')).toEqual([]);
    // The batches are numbered without a gap from the state initialize returned.
    const numbers = [...new Set(bridge.events.map((e) => `${e.fromSeq}-${e.toSeq}`))].map((range) =>
      range.split('-').map(Number),
    );
    expect(numbers[0]![0]).toBe(opened.seq + 1);
    for (const [index, [from]] of numbers.entries())
      if (index > 0) expect(from).toBe(numbers[index - 1]![1]! + 1);
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
  await bridge.waitForEvent(turnFinished(one.sessionId));
  await bridge.waitForEvent(turnFinished(two.sessionId));

  for (const [session, expected] of [
    [one, alpha],
    [two, beta],
  ] as const) {
    const { messages } = await bridge.request('getMessages', { sessionId: session.sessionId });
    const reduced = reduceEvents(bridge.events, session.sessionId);
    expect(reduced.messages).toEqual(messages);
    expect(reduced.unmatchedEvents).toBe(0);
    expect(assistantText(reduced)).toBe(expandText(expected));
  }
});

it('queues a message sent during a turn, reports the queue, and runs it next', async () => {
  mock = await startMock({
    name: 'queue',
    chunkSize: 3,
    delayMs: 10,
    turns: [
      {
        match: { lastUserContains: 'one' },
        // Slow enough that the queue is still there when the host asks for it.
        reply: [{ type: 'text', numberedWords: { count: 100, prefix: 'one' } }],
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
  const changed = await bridge.waitForEvent((e) => e.event.type === 'queuedMessagesChanged');
  const { queued } = await bridge.request('getQueuedMessages', { sessionId });
  expect(changed).toMatchObject({ sessionId, event: { type: 'queuedMessagesChanged', queued } });
  expect(queued.map((q) => q.text)).toEqual(['two']);
  await bridge.request('editQueuedMessage', { sessionId, id: queued[0]!.id, text: 'TWO edited' });
  const missing = bridge.request('removeQueuedMessage', { sessionId, id: 'no-such-id' });
  await expect(missing).rejects.toMatchObject({
    code: RPC_ERROR_CODES.queuedMessageNotFound,
    message: expect.stringMatching(/No queued message "no-such-id".*queue is the current one/),
  });

  await bridge.waitForEvent(
    (e) => turnEnded(sessionId)(e) && eventsOf(bridge.events, sessionId, 'turnEnded').length === 2,
  );
  const { messages } = await bridge.request('getMessages', { sessionId });
  const users = messages.filter((m) => m.role === 'user').map((m) => m.blocks[0]);
  expect(users).toMatchObject([{ content: 'one' }, { content: 'TWO edited' }]);
  expect(reduceEvents(bridge.events, sessionId).messages).toEqual(messages);
});

it('answers askBtw at once with an id and streams the side answer as btwUpdated deltas', async () => {
  mock = await startMock({
    name: 'btw',
    chunkSize: 3,
    delayMs: 2,
    turns: [{ reply: [{ type: 'text', text: 'Side answer, briefly.' }] }],
  });
  const { sessionId } = await bridge.request(
    'initialize',
    initializeParams('anthropic', mock, dir('work')),
  );
  const { btwId } = await bridge.request('askBtw', { sessionId, question: 'by the way?' });
  await bridge.waitForEvent((e) => e.event.type === 'btwEnded');
  expect(eventsOf(bridge.events, sessionId, 'btwStarted')).toEqual([
    { type: 'btwStarted', btwId, question: 'by the way?', startedAt: expect.any(Number) },
  ]);
  const updates = eventsOf(bridge.events, sessionId, 'btwUpdated');
  expect(updates.every((u) => u.btwId === btwId)).toBe(true);
  expect(updates.map((u) => u.chunk).join('')).toBe('Side answer, briefly.');
  const { state } = await bridge.request('getSessionState', { sessionId });
  expect(state.btw).toMatchObject({ btwId, answer: 'Side answer, briefly.', stage: 'answered' });
  // A side question never enters the conversation; closing it puts it away for every host.
  expect(state.conversation.messages).toEqual([]);
  expect(await bridge.request('closeBtw', { sessionId, btwId })).toBeNull();
  await bridge.waitForEvent((e) => e.event.type === 'btwClosed');
  expect((await bridge.request('getSessionState', { sessionId })).state.btw).toBeUndefined();
});

it('clearMessages starts a new session: the old id stops routing, the host is given the new one', async () => {
  mock = await startMock({
    name: 'clear',
    turns: [{ reply: [{ type: 'text', text: 'Hello there.' }] }],
  });
  const { sessionId } = await bridge.request(
    'initialize',
    initializeParams('openai', mock, dir('work')),
  );
  await bridge.request('sendMessage', { sessionId, text: 'hi' });
  await bridge.waitForEvent(turnEnded(sessionId));

  const cleared = await bridge.request('clearMessages', { sessionId });
  expect(cleared.sessionId).not.toBe(sessionId);
  // Sent under the id the host knew when it happened, so the host can apply it, and naming the
  // new one.
  expect(eventsOf(bridge.events, sessionId, 'sessionReplaced')).toMatchObject([
    { state: { sessionId: cleared.sessionId, conversation: { messages: [] } } },
  ]);
  expect(reduceEvents(bridge.events, sessionId).messages).toEqual([]);
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
  await bridge.waitForEvent((e) => e.event.type === 'assistantContentUpdated');
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
  await bridge.waitForEvent(turnFinished(sessionId, 'aborted'));
  await bridge.waitForEvent(turnEnded(sessionId));
  expect(eventsOf(bridge.events, sessionId, 'turnEnded')[0]?.stopReason).toBe('aborted');

  const { messages } = await bridge.request('getMessages', { sessionId });
  expect(reduceEvents(bridge.events, sessionId).messages).toEqual(messages);
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
  await bridge.waitForEvent((e) => e.event.type === 'bangBlockUpdated' && e.event.stage === 'end');
  const { messages } = await bridge.request('getMessages', { sessionId });
  expect(messages[0]!.blocks[0]).toMatchObject({
    type: 'bang',
    output: 'from-bang\n',
    exitCode: 3,
    stage: 'end',
  });
  expect(reduceEvents(bridge.events, sessionId).messages).toEqual(messages);
});

it('lists stored sessions and switches an open session to one of them', async () => {
  mock = await startMock({
    name: 'restore',
    turns: [{ reply: [{ type: 'text', text: 'Remember me.' }] }],
  });
  const workdir = dir('work');
  const first = await bridge.request('initialize', initializeParams('anthropic', mock, workdir));
  await bridge.request('sendMessage', { sessionId: first.sessionId, text: 'a stored question' });
  await bridge.waitForEvent(turnEnded(first.sessionId));
  const stored = (await bridge.request('getMessages', { sessionId: first.sessionId })).messages;
  expect(await bridge.request('destroy', { sessionId: first.sessionId })).toBeNull();
  await expect(bridge.request('getMessages', { sessionId: first.sessionId })).rejects.toMatchObject(
    { code: RPC_ERROR_CODES.sessionNotFound },
  );

  const { sessions } = await bridge.request('listSessions', { workdir });
  expect(sessions).toEqual([
    {
      id: first.sessionId,
      title: 'a stored question',
      updatedAt: expect.any(Number),
      messageCount: 2,
      workdir,
      // Opened by a host over the bridge, and recorded as such.
      origin: 'host',
    },
  ]);
  const current = await bridge.request('initialize', initializeParams('anthropic', mock, workdir));
  expect(
    await bridge.request('restoreSession', {
      sessionId: current.sessionId,
      storedSessionId: first.sessionId,
    }),
  ).toEqual({ sessionId: first.sessionId, problems: [] });
  // The host learns it from the replace, sent under the id it had.
  expect(eventsOf(bridge.events, current.sessionId, 'sessionReplaced')).toMatchObject([
    { state: { sessionId: first.sessionId, title: 'a stored question' } },
  ]);
  expect(await bridge.request('getMessages', { sessionId: first.sessionId })).toEqual({
    messages: stored,
  });
  await expect(
    bridge.request('getMessages', { sessionId: current.sessionId }),
  ).rejects.toMatchObject({ code: RPC_ERROR_CODES.sessionNotFound });
  await expect(
    bridge.request('restoreSession', { sessionId: first.sessionId, storedSessionId: 'not-stored' }),
  ).rejects.toMatchObject({
    code: RPC_ERROR_CODES.sessionNotFound,
    message: expect.stringMatching(/not-stored\.jsonl: there is no such session/),
  });
});
