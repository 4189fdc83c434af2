// A subagent's thread is part of the conversation like any block: a rewind past its Task call
// removes it (and a restored session agrees), a compaction keeps it on screen while the model's
// context after it holds only the summary, and a subagent's files come back on a files rewind.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Message } from '@wave-agent/shared-protocol';
import type { Scenario } from '@wave-agent/mock-llm';
import { afterEach, describe, expect, it } from 'vitest';
import { PATIENT_RETRY, restoreInNewAgent, startHarness } from '../test-support/agent-harness.js';
import type { Harness } from '../test-support/agent-harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

const scenario: Scenario = {
  name: 'a subagent, then more',
  turns: [
    {
      match: { lastUserContains: 'the child task', turnIndex: 1 },
      reply: [
        {
          type: 'tool_call',
          name: 'Write',
          input: { file_path: 'child.txt', content: 'CHILD-FILE' },
        },
      ],
    },
    { match: { turnIndex: 2 }, reply: [{ type: 'text', text: 'CHILD-REPORT' }] },
    { match: { turnIndex: 3 }, reply: [{ type: 'text', text: 'The subagent reported.' }] },
    {
      match: { lastUserContains: 'delegate', turnIndex: 0 },
      reply: [
        {
          type: 'tool_call',
          id: 'task_1',
          name: 'Agent',
          input: {
            description: 'Make a file',
            prompt: 'the child task',
            subagent_type: 'general-purpose',
          },
        },
      ],
    },
    {
      match: { lastUserContains: 'Summarize' },
      reply: [{ type: 'text', text: 'SUMMARY: a subagent wrote child.txt.' }],
    },
    { match: { lastUserContains: 'after the summary' }, reply: [{ type: 'text', text: 'Fine.' }] },
  ],
};

function threads(messages: readonly Message[]): number {
  return messages
    .flatMap((message) => message.blocks)
    .filter((block) => block.type === 'tool' && (block.thread?.length ?? 0) > 0).length;
}

describe("a subagent's thread in the session's history", () => {
  it('goes with a rewind past its Task call, files included, and a restored session agrees', async () => {
    harness = await startHarness('openai', scenario, {
      retry: PATIENT_RETRY,
      permissionMode: 'acceptEdits',
    });
    const { agent } = harness;
    await agent.sendMessage('delegate');
    expect(threads(agent.messages)).toBe(1);
    expect(readFileSync(join(harness.workdir, 'child.txt'), 'utf8')).toBe('CHILD-FILE');
    const anchor = agent.messages[0]!.id;
    const result = agent.rewind(anchor, 'both', 'r1');
    expect(result).toMatchObject({ ok: true });
    expect(agent.messages).toEqual([]);
    expect(existsSync(join(harness.workdir, 'child.txt'))).toBe(false);
    harness.expectStateMatchesEvents();

    const sessionId = agent.sessionId;
    agent.destroy();
    const restored = await restoreInNewAgent(harness, sessionId);
    try {
      expect(restored.messages).toEqual([]);
    } finally {
      restored.destroy();
    }
  });

  it('stays on screen after a compaction, while the next request carries only the summary', async () => {
    harness = await startHarness('anthropic', scenario, {
      retry: PATIENT_RETRY,
      permissionMode: 'acceptEdits',
    });
    const { agent } = harness;
    await agent.sendMessage('delegate');
    await agent.compact();
    expect(threads(agent.messages)).toBe(1);
    expect(agent.messages.at(-1)?.blocks).toEqual([
      { type: 'compact', summary: 'SUMMARY: a subagent wrote child.txt.' },
    ]);
    await agent.sendMessage('after the summary');
    const last = JSON.stringify(harness.mock.requests.at(-1)?.body);
    expect(last).toContain('SUMMARY: a subagent wrote child.txt.');
    expect(last).not.toContain('the child task');
    expect(last).not.toContain('CHILD-REPORT');
    harness.expectStateMatchesEvents();

    const before = agent.messages;
    const sessionId = agent.sessionId;
    agent.destroy();
    const restored = await restoreInNewAgent(harness, sessionId);
    try {
      expect(restored.messages).toStrictEqual(before);
    } finally {
      restored.destroy();
    }
  });
});
