// Read-only commands over the wire (`wave --stdio`, a real child, the real mock model): the
// measured list of issue 37 in one turn; only the writing commands become permission questions,
// each with the reason the host shows, and the read-only ones run with no question at all.
import type { MockLlm } from '@wave-agent/mock-llm';
import type { ToolBlock } from '@wave-agent/shared-protocol';
import { afterEach, expect, it } from 'vitest';
import {
  eventsOf,
  initializeParams,
  spawnBridge,
  startMock,
  turnEnded,
  useTempDirs,
} from './test-kit.js';
import type { BridgeChild } from './test-kit.js';
import { COMMAND_LIST, commandListRepository } from '../../test/e2e/command-list.js';

let bridge: BridgeChild | undefined;
let mock: MockLlm | undefined;
const dir = useTempDirs();

afterEach(async () => {
  expect(bridge?.problems ?? []).toEqual([]);
  bridge?.dispose();
  await mock?.close();
});

it(
  'asks the host only about the writing commands, each with why; the read-only ones run unasked',
  { timeout: 120_000 },
  async () => {
    const work = dir('work');
    commandListRepository(work);
    const call = (command: string, id: string) =>
      ({ type: 'tool_call', id, name: 'Bash', input: { command } }) as const;
    // The read-only ones and the first writing one in one response; each other writing one in a
    // response of its own (a user's "no" skips the rest of its response).
    mock = await startMock({
      name: 'list',
      turns: [
        {
          reply: [
            ...COMMAND_LIST.readOnly.map((command, index) => call(command, `read_${index}`)),
            call(COMMAND_LIST.writing[0]?.command ?? '', 'write_0'),
          ],
        },
        ...COMMAND_LIST.writing.slice(1).map((entry, index) => ({
          reply: [call(entry.command, `write_${index + 1}`)],
        })),
        { reply: [{ type: 'text', text: 'Done.' }] },
      ],
    });
    const child = spawnBridge({ waveHome: dir('home'), cwd: dir('cwd') });
    bridge = child;
    const { sessionId } = await child.request('initialize', initializeParams('openai', mock, work));
    await child.request('sendMessage', { sessionId, text: 'look around' });
    const asked: string[] = [];
    for (const [index, entry] of COMMAND_LIST.writing.entries()) {
      const question = await child.waitForEvent(
        (e) => e.event.type === 'permissionRequested' && !asked.includes(e.event.requestId),
      );
      if (question.event.type !== 'permissionRequested') throw new Error('unreachable');
      asked.push(question.event.requestId);
      expect(question.event.toolCallId).toBe(`write_${index}`);
      expect(question.event.reason).toContain(entry.why);
      await child.request('answerPermission', {
        sessionId,
        requestId: question.event.requestId,
        decision: 'deny',
      });
    }
    await child.waitForEvent(turnEnded(sessionId));
    // Not one question about a read-only command.
    expect(eventsOf(child.events, sessionId, 'permissionRequested')).toHaveLength(26);
    const { messages } = await child.request('getMessages', { sessionId });
    const tools = messages
      .flatMap((m) => m.blocks)
      .filter((b): b is ToolBlock => b.type === 'tool');
    COMMAND_LIST.readOnly.forEach((command, index) => {
      // It ran (diff's exit code 1 is an error of its own, not a refusal).
      expect(tools[index]?.error ?? '', command).not.toMatch(/denied|not run|permission/);
      expect(tools[index]?.result, command).toBeDefined();
      // The card says why nobody was asked.
      expect(tools[index]?.unasked, command).toEqual({ kind: 'read-only' });
    });
  },
);
