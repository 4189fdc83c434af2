// A second client joins a session mid-stream (a reloaded webview, a second window): it gets the
// whole state from the pull — the permission question the turn is waiting on included — answers
// it, and both clients end with exactly the same state. Over each transport; over `--stdio` the
// two clients share one bridge process, as a webview and its extension host do.
import { WaveClient } from '@wave-agent/client';
import { afterEach, describe, expect, it } from 'vitest';
import { startContractFixture } from './host/contract-fixture.js';
import type { ContractFixture } from './host/contract-fixture.js';
import { TRANSPORTS } from './host/hosts.js';
import { RecordedSession } from './host/recorded-session.js';

let fixture: ContractFixture | undefined;
afterEach(async () => {
  await fixture?.dispose();
  fixture = undefined;
});

describe.each(TRANSPORTS)('over the %s transport', (transport) => {
  it('a late joiner pulls the pending question, answers it, and ends in the same state', async () => {
    fixture = await startContractFixture(transport);
    const first = await fixture.openSession('openai', {
      name: 'attach',
      turns: [
        {
          chunkSize: 3,
          delayMs: 2,
          reply: [
            { type: 'text', numberedWords: { count: 30 } },
            { type: 'tool_call', id: 'call-1', name: 'Bash', input: { command: 'expr attached' } },
          ],
        },
        { reply: [{ type: 'text', text: 'It printed attached.' }] },
      ],
    });
    await first.handle.sendMessage('run it');
    await first.waitFor('the question', () => first.state.permissionQuestions.length === 1);
    const [question] = first.state.permissionQuestions;

    // Mid-turn, a second client on the same connection joins the session.
    const secondClient = new WaveClient(fixture.host.transport);
    const second = new RecordedSession(await secondClient.attach(first.handle.id), secondClient);
    expect(second.state.permissionQuestions).toEqual([question]);
    expect(second.state.status).toMatchObject({ type: 'running', activity: 'reply' });
    expect(second.state.conversation).toEqual(first.state.conversation);

    expect(await second.handle.answerPermission(question!.requestId, 'allow')).toBe(true);
    // The first client cannot answer it again.
    expect(await first.handle.answerPermission(question!.requestId, 'deny')).toBe(false);
    await first.waitFor('the end of the turn', () => first.turnsEnded() === 1);
    await second.waitFor('the end of the turn', () => second.turnsEnded() === 1);

    expect(second.state).toEqual(first.state);
    expect(first.state).toEqual(await first.pulled());
    expect(first.state.permissionQuestions).toEqual([]);
    const tool = first.state.conversation.messages
      .flatMap((message) => message.blocks)
      .find((block) => block.type === 'tool');
    expect(tool).toMatchObject({ stage: 'end', result: expect.stringContaining('attached') });
    expect([...fixture.host.client.problems, ...secondClient.problems]).toEqual([]);
    secondClient.dispose();
  });
});
