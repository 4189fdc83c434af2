// Permission questions over the wire: the bridge asks the host with a `requestPermission`
// request; allow runs the tool, deny (with the host's reason), an error response and silence
// (after the timeout) all deny with a reason the model reads. Real child, real mock model.
import type { MockLlm } from '@wave-agent/mock-llm';
import type {
  RequestPermissionParams,
  RequestPermissionResult,
  ToolBlock,
} from '@wave-agent/shared-protocol';
import { ResponseError } from 'vscode-jsonrpc/node.js';
import type { CancellationToken } from 'vscode-jsonrpc/node.js';
import { afterEach, expect, it } from 'vitest';
import {
  initializeParams,
  reduceNotifications,
  spawnBridge,
  startMock,
  useTempDirs,
  turnFinished,
} from './test-kit.js';
import type { BridgeChild } from './test-kit.js';

let bridge: BridgeChild | undefined;
let mock: MockLlm | undefined;
const dir = useTempDirs();

afterEach(async () => {
  bridge?.dispose();
  await mock?.close();
});

type Answer = (
  params: RequestPermissionParams,
  token: CancellationToken,
) => Promise<RequestPermissionResult>;

interface Run {
  readonly questions: RequestPermissionParams[];
  readonly tool: ToolBlock;
  readonly sessionId: string;
}

/** One turn whose model calls Bash once, with `answer` as the host's side of the question. */
async function runBashTurn(answer: Answer, env: Record<string, string> = {}): Promise<Run> {
  mock = await startMock({
    name: 'bash',
    turns: [
      {
        reply: [
          {
            type: 'tool_call',
            id: 'call_1',
            name: 'Bash',
            input: { command: 'echo permitted-output' },
          },
        ],
      },
      { reply: [{ type: 'text', text: 'Done.' }] },
    ],
  });
  bridge = spawnBridge({ waveHome: dir('home'), cwd: dir('cwd'), env });
  const questions: RequestPermissionParams[] = [];
  bridge.connection.onRequest(
    'requestPermission',
    (params: RequestPermissionParams, token: CancellationToken) => {
      questions.push(params);
      return answer(params, token);
    },
  );
  const { sessionId } = await bridge.request(
    'initialize',
    initializeParams('openai', mock, dir('work')),
  );
  await bridge.request('sendMessage', { sessionId, text: 'run it' });
  await bridge.waitForNotification(turnFinished(sessionId));
  const { messages } = await bridge.request('getMessages', { sessionId });
  expect(reduceNotifications(bridge.notifications, sessionId).messages).toEqual(messages);
  const tool = messages.flatMap((m) => m.blocks).find((b): b is ToolBlock => b.type === 'tool');
  if (!tool) throw new Error('the turn has no tool block');
  return { questions, tool, sessionId };
}

it('asks the host with requestPermission and runs the tool when it allows', async () => {
  const { questions, tool, sessionId } = await runBashTurn(() =>
    Promise.resolve({ decision: 'allow' }),
  );
  expect(questions).toEqual([
    {
      sessionId,
      toolName: 'Bash',
      toolCallId: 'call_1',
      input: JSON.stringify({ command: 'echo permitted-output' }),
      compactParams: expect.any(String),
      reason: expect.stringContaining('Bash runs commands'),
    },
  ]);
  expect(tool).toMatchObject({ stage: 'end', result: expect.stringContaining('permitted-output') });
  expect(tool.error).toBeUndefined();
});

it('denies with the reason the host gave', async () => {
  const { tool } = await runBashTurn(() =>
    Promise.resolve({ decision: 'deny', reason: 'not on my machine' }),
  );
  expect(tool).toMatchObject({
    stage: 'end',
    error: 'The user denied this call: not on my machine',
  });
  expect(tool.result).toBeUndefined();
});

it('denies when the host answers with an error, saying what the host said', async () => {
  const { tool } = await runBashTurn(() =>
    Promise.reject(new ResponseError(-32000, 'no window is open to ask in')),
  );
  expect(tool.error).toMatch(
    /^The user denied this call: the host could not answer .*no window is open to ask in/,
  );
});

it('denies when the host answers with something that is not an answer, naming the problem', async () => {
  const { tool } = await runBashTurn(() =>
    Promise.resolve({ decision: 'maybe' } as unknown as RequestPermissionResult),
  );
  expect(tool.error).toMatch(
    /^The user denied this call: the host's answer could not be understood \(invalid result for requestPermission: decision: /,
  );
});

it('denies a question nobody answers after the timeout, and takes the question back', async () => {
  let cancelled = false;
  const { tool } = await runBashTurn(
    (_params, token) =>
      new Promise(() => {
        // A host that never answers; it only hears that the question was withdrawn.
        token.onCancellationRequested(() => (cancelled = true));
      }),
    { WAVE_STDIO_PERMISSION_TIMEOUT_MS: '300' },
  );
  expect(tool.error).toMatch(
    /no answer came from the host within 0\.3 s, so the permission question timed out/,
  );
  expect(tool.result).toBeUndefined();
  await bridge!.waitForStderr('no permission answer within 0.3 s');
  expect(cancelled).toBe(true);
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
  bridge = spawnBridge({ waveHome: dir('home'), cwd: dir('cwd') });
  let asked = 0;
  bridge.connection.onRequest('requestPermission', () => {
    asked++;
    return { decision: 'deny' };
  });
  const { sessionId } = await bridge.request(
    'initialize',
    initializeParams('anthropic', mock, dir('work')),
  );
  expect(
    await bridge.request('setPermissionMode', { sessionId, mode: 'bypassPermissions' }),
  ).toBeNull();
  await bridge.request('sendMessage', { sessionId, text: 'run it' });
  await bridge.waitForNotification(turnFinished(sessionId));
  const { messages } = await bridge.request('getMessages', { sessionId });
  const tool = messages.flatMap((m) => m.blocks).find((b) => b.type === 'tool');
  expect(tool).toMatchObject({ stage: 'end', result: expect.stringContaining('unasked') });
  expect(asked).toBe(0);
});
