// The bridge process dies mid-stream (kill -9). The client says so (restarting, with why),
// starts it again and opens the session again from disk: what was on screen stays, a notice
// marks where the crash cut the reply off, nothing is shown twice, and the session goes on.
// Over both transports that run `wave --stdio` (directly, and behind a message-port relay).
import { expandText } from '@wave-agent/mock-llm';
import type { TransportStatus } from '@wave-agent/client';
import { afterEach, describe, expect, it } from 'vitest';
import { streamedContents } from './host/block-contents.js';
import { startContractFixture } from './host/contract-fixture.js';
import type { ContractFixture } from './host/contract-fixture.js';
import { firstPrefixViolation } from './host/prefix-check.js';

let fixture: ContractFixture | undefined;
afterEach(async () => {
  await fixture?.dispose();
  fixture = undefined;
});

const LONG = { numberedWords: { count: 3000 } };

describe.each(['child process', 'message port'] as const)('over the %s transport', (transport) => {
  it('survives the bridge being killed mid-stream', async () => {
    fixture = await startContractFixture(transport);
    const session = await fixture.openSession('openai', {
      name: 'crash',
      turns: [
        { chunkSize: 6, delayMs: 4, reply: [{ type: 'text', ...LONG }] },
        { reply: [{ type: 'text', text: 'After the restart.' }] },
      ],
    });
    const statuses: TransportStatus[] = [];
    fixture.host.client.onStatus((status) => statuses.push(status));
    const text = () => streamedContents(session.state.conversation, 'text').join('');
    await session.handle.sendMessage('talk');
    await session.waitFor('a hundred words', () => text().includes('w100 '));
    const child = fixture.host.child!;
    const pid = child.pid!;
    const shown = text();
    process.kill(pid, 'SIGKILL');

    await session.waitFor('the session opened again', () =>
      session.state.conversation.messages.some((message) =>
        message.blocks.some(
          (block) => block.type === 'notice' && /cut off here/.test(block.message),
        ),
      ),
    );
    // The client said what happened, in words, and that it is back.
    expect(statuses[0]).toMatchObject({
      state: 'restarting',
      message: expect.stringMatching(/^wave --stdio stopped unexpectedly \(signal SIGKILL\)/),
    });
    expect(statuses.at(-1)).toEqual({ state: 'connected', epoch: 2 });
    expect(child.pid).not.toBe(pid);

    const restored = text();
    // What was on screen stays; the rest of what the file holds follows, each word once.
    expect(restored.startsWith(shown)).toBe(true);
    expect(expandText(LONG).startsWith(restored)).toBe(true);
    expect(firstPrefixViolation(session.states, session.state.conversation)).toBeUndefined();
    const [user, reply, notice] = session.state.conversation.messages;
    expect(user?.role).toBe('user');
    expect(reply?.blocks.every((block) => block.type !== 'text' || block.stage === 'end')).toBe(
      true,
    );
    expect(notice?.blocks[0]).toMatchObject({ type: 'notice', level: 'warning' });
    expect(session.state.status).toEqual({ type: 'idle' });

    // And it goes on.
    await session.converse('and now?');
    expect(text().endsWith('After the restart.')).toBe(true);
    expect(session.state).toEqual(await session.pulled());
    expect(fixture.host.client.problems).toEqual([]);
  });
});
