// Two parallel subagents over a real `wave --stdio` through @wave-agent/client: the host builds
// both nested threads from the events alone (the shared reducer), each word once, equal to the
// pulled state; and both reports reach the parent's next model request.
import type { Message } from '@wave-agent/shared-protocol';
import { twoSubagentsScenario } from '@wave-agent/mock-llm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContractFixture } from './host/contract-fixture.js';
import type { ContractFixture } from './host/contract-fixture.js';

let fixture: ContractFixture;
beforeAll(async () => {
  fixture = await startContractFixture();
});
afterAll(() => fixture.dispose());

const WORDS = 60;
const words = (prefix: string) =>
  Array.from({ length: WORDS }, (_, index) => `${prefix}${index + 1}`).join(' ');

const scenario = twoSubagentsScenario({ childWords: WORDS, chunkSize: 5, delayMs: 1 });

function threadText(messages: readonly Message[], id: string): string {
  const block = messages
    .flatMap((message) => message.blocks)
    .find((candidate) => candidate.type === 'tool' && candidate.id === id);
  const thread = block?.type === 'tool' ? (block.thread ?? []) : [];
  return thread
    .filter((message) => message.role === 'assistant')
    .flatMap((message) => message.blocks)
    .map((inner) => (inner.type === 'text' ? inner.content : ''))
    .join('');
}

describe('subagents over --stdio', () => {
  it('the host builds both nested threads exactly from the deltas, equal to the pull', async () => {
    const session = await fixture.openSession('openai', scenario);
    await session.converse('launch both');
    const host = session.state.conversation;

    expect(session.state).toEqual(await session.pulled());
    expect(host.unmatchedEvents).toBe(0);
    expect(threadText(host.messages, 'task_a')).toBe(`${words('a')} ALPHA-REPORT`);
    expect(threadText(host.messages, 'task_b')).toBe(`${words('b')} BETA-REPORT`);
    expect(session.events.some((event) => event.type === 'subagentEvent')).toBe(true);
    const last = JSON.stringify(fixture.mock.requests.at(-1)?.body);
    expect(last).toContain('ALPHA-REPORT');
    expect(last).toContain('BETA-REPORT');
    await session.handle.close();
  });
});
