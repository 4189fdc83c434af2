import type { AgentEvent, Message } from '@wave-agent/shared-protocol';
import { twoSubagentsScenario } from '@wave-agent/mock-llm';
import type { Scenario } from '@wave-agent/mock-llm';
import { afterEach, describe, expect, it } from 'vitest';
import { PATIENT_RETRY, restoreInNewAgent, startHarness } from '../test-support/agent-harness.js';
import type { Harness } from '../test-support/agent-harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

const WORDS = 150;

function twoChildren(options: { hold?: boolean } = {}): Scenario {
  return twoSubagentsScenario({
    childWords: WORDS,
    chunkSize: 6,
    delayMs: 1,
    ...(options.hold ? { holdAfterChunks: 3 } : {}),
  });
}

function taskBlock(messages: readonly Message[], id: string) {
  for (const message of messages)
    for (const block of message.blocks) if (block.type === 'tool' && block.id === id) return block;
  return undefined;
}

function threadText(thread: readonly Message[] | undefined): string {
  return (thread ?? [])
    .filter((message) => message.role === 'assistant')
    .flatMap((message) => message.blocks)
    .map((block) => (block.type === 'text' ? block.content : ''))
    .join('');
}

const words = (prefix: string) =>
  Array.from({ length: WORDS }, (_, index) => `${prefix}${index + 1}`).join(' ');

function owner(event: AgentEvent): string | undefined {
  return event.type === 'subagentEvent' ? event.toolCallId : undefined;
}

describe('subagents', () => {
  it('run two Task calls in parallel, each streaming into its own thread exactly, and their reports reach the parent', async () => {
    harness = await startHarness('anthropic', twoChildren(), { retry: PATIENT_RETRY });
    const result = await harness.agent.sendMessage('launch both');
    expect(result.stopReason).toBe('end_turn');
    const { messages } = harness.agent;
    const a = taskBlock(messages, 'task_a');
    const b = taskBlock(messages, 'task_b');
    expect(threadText(a?.thread)).toBe(`${words('a')} ALPHA-REPORT`);
    expect(threadText(b?.thread)).toBe(`${words('b')} BETA-REPORT`);
    expect(a?.thread?.[0]?.blocks[0]).toMatchObject({ type: 'text', content: 'the a-task' });
    expect(a?.result).toBe(`${words('a')} ALPHA-REPORT`);
    expect(b?.result).toBe(`${words('b')} BETA-REPORT`);

    // In parallel: the second child streamed before the first had finished.
    const owners = harness.events.map(owner);
    expect(owners.indexOf('task_b')).toBeLessThan(owners.lastIndexOf('task_a'));
    // Only deltas: the children's chunks add up to their text once.
    const chunks = harness.events.flatMap((event) =>
      event.type === 'subagentEvent' &&
      event.toolCallId === 'task_a' &&
      event.event.type === 'assistantContentUpdated'
        ? [event.event.chunk]
        : [],
    );
    expect(chunks.join('')).toBe(`${words('a')} ALPHA-REPORT`);
    harness.expectStateMatchesEvents();

    // Each child's model request: its own prompt, its own tools (Explore: read-only).
    const requests = harness.mock.requests.map((request) => JSON.stringify(request.body));
    const toolsOf = (prompt: string) => {
      const body = harness!.mock.requests.find((request) =>
        JSON.stringify(request.body).includes(prompt),
      )?.body as { tools?: { name: string }[] };
      return (body.tools ?? []).map((tool) => tool.name).sort();
    };
    expect(toolsOf('the b-task')).toStrictEqual(['Glob', 'Grep', 'LS', 'Read']);
    expect(toolsOf('the a-task')).not.toContain('Agent');
    expect(toolsOf('the a-task')).toContain('Bash');
    // The parent's next request carries both reports as tool results.
    const last = requests.at(-1) ?? '';
    expect(last).toContain('ALPHA-REPORT');
    expect(last).toContain('BETA-REPORT');
  });

  it('stop all three on abort, and a restored session shows the same nested threads', async () => {
    harness = await startHarness('openai', twoChildren({ hold: true }), { retry: PATIENT_RETRY });
    const { agent } = harness;
    const turn = agent.sendMessage('launch both');
    // Both children are streaming (held after a few chunks).
    await until(() => {
      const a = taskBlock(agent.messages, 'task_a')?.thread ?? [];
      const b = taskBlock(agent.messages, 'task_b')?.thread ?? [];
      return threadText(a).length > 0 && threadText(b).length > 0;
    });
    agent.abortMessage();
    const result = await turn;
    expect(result.stopReason).toBe('aborted');
    for (const id of ['task_a', 'task_b']) {
      const block = taskBlock(agent.messages, id);
      expect(block?.stage).toBe('end');
      expect(block?.error).toContain('subagent was stopped');
      const child = block?.thread?.at(-1);
      expect(child?.blocks.every((b) => b.type !== 'text' || b.stage === 'end')).toBe(true);
    }
    harness.mock.release();
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

async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for both subagents to stream');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
