import { afterEach, describe, expect, it } from 'vitest';
import {
  PATIENT_RETRY as PATIENT,
  restoreInNewAgent,
  startHarness,
} from '../test-support/agent-harness.js';
import type { Harness } from '../test-support/agent-harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

const todos = [
  { content: 'Read the code', status: 'completed', activeForm: 'Reading the code' },
  { content: 'Run the tests', status: 'in_progress', activeForm: 'Running the tests' },
  { content: 'Fix the bug', status: 'pending', activeForm: 'Fixing the bug' },
] as const;

describe('TodoWrite', () => {
  it('makes the list session state without asking, and a restored session has it', async () => {
    harness = await startHarness(
      'openai',
      {
        name: 'todos',
        turns: [
          { reply: [{ type: 'tool_call', id: 'call_t', name: 'TodoWrite', input: { todos } }] },
          { reply: [{ type: 'text', text: 'Planned.' }] },
        ],
      },
      { retry: PATIENT },
    );
    const result = await harness.agent.sendMessage('plan it');
    expect(result.stopReason).toBe('end_turn');
    expect(harness.agent.sessionState.todos).toStrictEqual(todos);
    expect(harness.events.filter((event) => event.type === 'permissionRequested')).toHaveLength(0);
    harness.expectStateMatchesEvents();
    // The model reads that it worked.
    const second = harness.mock.requests[1]?.body as {
      messages: { role: string; content: unknown }[];
    };
    expect(JSON.stringify(second.messages.at(-1))).toContain('The task list was updated');

    const sessionId = harness.agent.sessionId;
    harness.agent.destroy();
    const restored = await restoreInNewAgent(harness, sessionId);
    try {
      expect(restored.sessionState.todos).toStrictEqual(todos);
    } finally {
      restored.destroy();
    }
  });

  it('refuses a list with a bad status and leaves the list as it was', async () => {
    harness = await startHarness(
      'anthropic',
      {
        name: 'bad todos',
        turns: [
          {
            reply: [
              {
                type: 'tool_call',
                id: 'call_t',
                name: 'TodoWrite',
                input: { todos: [{ content: 'x', status: 'doing', activeForm: 'x-ing' }] },
              },
            ],
          },
          { reply: [{ type: 'text', text: 'Oops.' }] },
        ],
      },
      { retry: PATIENT },
    );
    await harness.agent.sendMessage('plan it');
    expect(harness.agent.sessionState.todos).toStrictEqual([]);
    const tool = harness.agent.messages
      .flatMap((message) => message.blocks)
      .find((block) => block.type === 'tool');
    expect(tool?.type === 'tool' && tool.error).toContain('todos.0.status');
  });
});
