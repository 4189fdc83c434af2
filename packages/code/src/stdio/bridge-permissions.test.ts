// Permission questions over the wire: a question is session state — a `permissionRequested`
// event, and part of every pull until it is resolved — that the host answers with
// `answerPermission`. Allow runs the tool; deny carries the host's reason to the model; a
// question nobody answers is denied after the timeout. Real child, real mock model.
import type { MockLlm } from '@wave-agent/mock-llm';
import { RPC_ERROR_CODES } from '@wave-agent/shared-protocol';
import type { PermissionQuestion, ToolBlock } from '@wave-agent/shared-protocol';
import { afterEach, expect, it } from 'vitest';
import {
  eventsOf,
  initializeParams,
  reduceEvents,
  spawnBridge,
  startMock,
  turnEnded,
  useTempDirs,
} from './test-kit.js';
import type { BridgeChild } from './test-kit.js';

let bridge: BridgeChild | undefined;
let mock: MockLlm | undefined;
const dir = useTempDirs();

afterEach(async () => {
  expect(bridge?.problems ?? []).toEqual([]);
  bridge?.dispose();
  await mock?.close();
});

async function bashSession(env: Record<string, string> = {}) {
  mock = await startMock({
    name: 'bash',
    turns: [
      {
        reply: [
          {
            type: 'tool_call',
            id: 'call_1',
            name: 'Bash',
            input: { command: 'expr permitted-output' },
          },
        ],
      },
      { reply: [{ type: 'text', text: 'Done.' }] },
    ],
  });
  const child = spawnBridge({ waveHome: dir('home'), cwd: dir('cwd'), env });
  bridge = child;
  const { sessionId } = await child.request(
    'initialize',
    initializeParams('openai', mock, dir('work')),
  );
  await child.request('sendMessage', { sessionId, text: 'run it' });
  const asked = await child.waitForEvent((e) => e.event.type === 'permissionRequested');
  if (asked.event.type !== 'permissionRequested') throw new Error('unreachable');
  const { type: _type, ...question } = asked.event;
  return { child, sessionId, question: question satisfies PermissionQuestion };
}

async function toolAfterTurn(child: BridgeChild, sessionId: string): Promise<ToolBlock> {
  await child.waitForEvent(turnEnded(sessionId));
  const { messages } = await child.request('getMessages', { sessionId });
  expect(reduceEvents(child.events, sessionId).messages).toEqual(messages);
  const tool = messages.flatMap((m) => m.blocks).find((b): b is ToolBlock => b.type === 'tool');
  if (!tool) throw new Error('the turn has no tool block');
  return tool;
}

it('poses the question as state every pull includes, and runs the tool when the host allows', async () => {
  const { child, sessionId, question } = await bashSession();
  expect(question).toEqual({
    requestId: expect.any(String),
    toolName: 'Bash',
    toolCallId: 'call_1',
    messageId: expect.any(String),
    input: JSON.stringify({ command: 'expr permitted-output' }),
    compactParams: expect.any(String),
    reason: expect.stringContaining('Bash runs commands'),
    // "Yes, and don't ask again" offers the narrowest rule for the command.
    alwaysRule: 'Bash(expr permitted-output:*)',
    requestedAt: expect.any(Number),
  });
  // A host that (re)loads now sees the question in the pull, and the turn is still running.
  const { state } = await child.request('getSessionState', { sessionId });
  expect(state.permissionQuestions).toEqual([question]);
  expect(state.status).toMatchObject({ type: 'running', activity: 'reply' });

  expect(
    await child.request('answerPermission', {
      sessionId,
      requestId: question.requestId,
      decision: 'allow',
    }),
  ).toEqual({ answered: true });
  const tool = await toolAfterTurn(child, sessionId);
  expect(tool).toMatchObject({ stage: 'end', result: expect.stringContaining('permitted-output') });
  expect(tool.error).toBeUndefined();
  expect(eventsOf(child.events, sessionId, 'permissionResolved')).toEqual([
    { type: 'permissionResolved', requestId: question.requestId, decision: 'allow' },
  ]);
  // Answered once: a second answer (another host, a double click) changes nothing.
  expect(
    await child.request('answerPermission', {
      sessionId,
      requestId: question.requestId,
      decision: 'deny',
    }),
  ).toEqual({ answered: false });
  expect((await child.request('getSessionState', { sessionId })).state.permissionQuestions).toEqual(
    [],
  );
});

it('denies with the reason the host gave, and refuses an answer that is not one', async () => {
  const { child, sessionId, question } = await bashSession();
  await expect(
    child.request('answerPermission', {
      sessionId,
      requestId: question.requestId,
      // @ts-expect-error a decision the protocol does not have
      decision: 'maybe',
    }),
  ).rejects.toMatchObject({
    code: RPC_ERROR_CODES.invalidParams,
    message: expect.stringMatching(/^invalid params for answerPermission: decision: /),
  });
  await child.request('answerPermission', {
    sessionId,
    requestId: question.requestId,
    decision: 'deny',
    reason: 'not on my machine',
  });
  const tool = await toolAfterTurn(child, sessionId);
  expect(tool).toMatchObject({
    stage: 'end',
    error: 'The user denied this call: not on my machine',
  });
  expect(tool.result).toBeUndefined();
});

it('denies a question nobody answers after the timeout, and takes it back from the state', async () => {
  const { child, sessionId, question } = await bashSession({
    WAVE_STDIO_PERMISSION_TIMEOUT_MS: '300',
  });
  const tool = await toolAfterTurn(child, sessionId);
  expect(tool.error).toMatch(/No answer came within 0\.3 s, so the permission question timed out/);
  expect(tool.result).toBeUndefined();
  await child.waitForStderr('no permission answer within 0.3 s');
  expect(eventsOf(child.events, sessionId, 'permissionResolved')).toMatchObject([
    { requestId: question.requestId, decision: 'deny' },
  ]);
});

it('asks nothing after setPermissionMode bypassPermissions', async () => {
  mock = await startMock({
    name: 'bypass',
    turns: [
      {
        reply: [
          { type: 'tool_call', id: 'call_1', name: 'Bash', input: { command: 'echo unasked' } },
        ],
      },
      { reply: [{ type: 'text', text: 'Done.' }] },
    ],
  });
  const child = spawnBridge({ waveHome: dir('home'), cwd: dir('cwd') });
  bridge = child;
  const { sessionId } = await child.request(
    'initialize',
    initializeParams('anthropic', mock, dir('work')),
  );
  expect(
    await child.request('setPermissionMode', { sessionId, mode: 'bypassPermissions' }),
  ).toBeNull();
  await child.request('sendMessage', { sessionId, text: 'run it' });
  const tool = await toolAfterTurn(child, sessionId);
  expect(tool).toMatchObject({ stage: 'end', result: expect.stringContaining('unasked') });
  expect(eventsOf(child.events, sessionId, 'permissionRequested')).toEqual([]);
  expect(eventsOf(child.events, sessionId, 'permissionModeChanged')).toEqual([
    { type: 'permissionModeChanged', mode: 'bypassPermissions' },
  ]);
});
