// wave --acp as an editor meets it: a real child process driven by the ACP SDK's client side,
// against the mock model over real HTTP and SSE. A long reply and interleaved reasoning and text
// arrive as chunks whose concatenation is exactly the reply, each once; no update is dropped by
// the client's validation (counted against the raw bytes on stdout); stdout holds protocol only.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { allText, chunkTexts, initialize, newSession, prompt, useAcpFixture } from './test-kit.js';

const fixture = useAcpFixture();
const { dir } = fixture;

function numberedWords(count: number): string {
  return Array.from({ length: count }, (_, i) => `w${i + 1}`).join(' ');
}

async function started(env: Record<string, string> = {}) {
  const work = dir('work');
  const wave = fixture.spawn(dir('home'), work, env);
  const init = await initialize(wave.agent);
  const session = await newSession(wave.agent, work);
  return { wave, work, init, session };
}

describe('wave --acp streaming', () => {
  it('states its capabilities honestly and offers modes and commands for a new session', async () => {
    await fixture.startMock({
      name: 'unused',
      turns: [{ reply: [{ type: 'text', text: 'x' }] }],
    });
    const { wave, init, session } = await started();
    expect(init.protocolVersion).toBe(1);
    expect(init.agentCapabilities).toEqual({
      loadSession: true,
      promptCapabilities: { image: true, audio: false, embeddedContext: true },
      mcpCapabilities: { http: true, sse: true },
    });
    expect(init.agentInfo).toMatchObject({ name: 'wave' });
    expect(session.modes).toMatchObject({
      currentModeId: 'default',
      availableModes: [
        { id: 'default' },
        { id: 'acceptEdits' },
        { id: 'bypassPermissions' },
        { id: 'plan' },
        { id: 'dontAsk' },
      ],
    });
    await wave.waitForUpdates((updates) =>
      updates.some((u) => u.update.sessionUpdate === 'available_commands_update'),
    );
    const offered = wave.updates.find(
      (u) => u.update.sessionUpdate === 'available_commands_update',
    )!.update as acp.AvailableCommandsUpdate;
    expect(offered.availableCommands.map((command) => command.name)).toEqual([
      'help',
      'compact',
      'btw',
      'model',
      'effort',
      'tasks',
      'hooks',
      'memory',
      'skills',
      'plan',
      'add-dir',
      'usage',
      'cost',
      'context',
      'export',
      'doctor',
      // Wave's prompt command, offered with the custom ones of the folder (none here).
      'init',
    ]);
  });

  it('streams a long reply as deltas whose concatenation is exactly the reply, none dropped', async () => {
    const reply = numberedWords(3000);
    await fixture.startMock({
      name: 'long',
      chunkSize: 7,
      turns: [{ reply: [{ type: 'text', text: reply }] }],
    });
    const { wave, session } = await started();
    const answer = await prompt(wave.agent, session.sessionId, 'Count for me.');
    expect(answer).toEqual({ stopReason: 'end_turn' });
    const chunks = wave.updates.filter((u) => u.update.sessionUpdate === 'agent_message_chunk');
    // Deltas: many small chunks, together exactly the reply, in one message.
    expect(chunks.length).toBeGreaterThan(100);
    expect(allText(wave.updates, 'agent_message_chunk')).toBe(reply);
    expect([...chunkTexts(wave.updates, 'agent_message_chunk').keys()]).toHaveLength(1);
    // Every update on stdout reached the client: its validation dropped none.
    await wave.noUpdateDropped();
    // stdout is protocol only: every line parses as a JSON-RPC 2.0 message.
    for (const message of wave.stdoutMessages()) expect(message.jsonrpc).toBe('2.0');
    expect(wave.stderr()).not.toContain('Error handling notification');
  });

  it('keeps interleaved reasoning and text apart, each exact', async () => {
    await fixture.startMock({
      name: 'interleaved',
      chunkSize: 5,
      turns: [
        {
          reply: [
            { type: 'reasoning', text: 'First I think about it. ' },
            { type: 'text', text: 'Here is part one. ' },
            { type: 'reasoning', text: 'Then I think again. ' },
            { type: 'text', text: 'And part two, done.' },
          ],
        },
      ],
    });
    const { wave, session } = await started();
    expect(await prompt(wave.agent, session.sessionId, 'Think and answer.')).toEqual({
      stopReason: 'end_turn',
    });
    expect(allText(wave.updates, 'agent_thought_chunk')).toBe(
      'First I think about it. Then I think again. ',
    );
    expect(allText(wave.updates, 'agent_message_chunk')).toBe(
      'Here is part one. And part two, done.',
    );
    // The order the editor shows: thought, text, thought, text.
    const kinds = wave.updates
      .map((u) => u.update.sessionUpdate)
      .filter((kind) => kind === 'agent_thought_chunk' || kind === 'agent_message_chunk')
      .filter((kind, i, all) => kind !== all[i - 1]);
    expect(kinds).toEqual([
      'agent_thought_chunk',
      'agent_message_chunk',
      'agent_thought_chunk',
      'agent_message_chunk',
    ]);
    await wave.noUpdateDropped();
    // usage_update: how full the context is after the call (OpenAI's window by default).
    const usage = wave.updates.find((u) => u.update.sessionUpdate === 'usage_update');
    expect(usage?.update).toMatchObject({ sessionUpdate: 'usage_update', size: 128_000 });
  });

  it('joins a retried call to the partial reply it replaces: the editor holds the reply once', async () => {
    const reply = numberedWords(400);
    await fixture.startMock({
      name: 'broken then whole',
      chunkSize: 9,
      turns: [
        {
          faults: [{ kind: 'reset', afterChunks: 40 }],
          reply: [{ type: 'text', text: reply }],
        },
      ],
    });
    const { wave, session } = await started({ WAVE_MAX_RETRIES: '2' });
    expect(await prompt(wave.agent, session.sessionId, 'Count.')).toEqual({
      stopReason: 'end_turn',
    });
    expect(fixture.mock.requests.filter((request) => request.method === 'POST')).toHaveLength(2);
    // One message, exactly the reply: the retried call's repeat of the partial was not sent.
    const texts = chunkTexts(wave.updates, 'agent_message_chunk');
    expect([...texts.values()]).toEqual([reply]);
    // Wave's retry notice reached the editor as a notice, not inside the reply.
    expect(
      wave.updates.some(
        (u) => u.update.sessionUpdate === 'notice' && /Retrying/.test(u.update.title),
      ),
    ).toBe(true);
  });
});
