// A session's life over ACP, with real wave --acp children, the ACP SDK's client and the mock
// model: session/cancel ends the prompt with `cancelled` and nothing of it comes after that
// answer; session/load in a new process replays what the first one streamed; session/set_mode
// switches Wave's permission mode and says so.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import {
  allText,
  chunkTexts,
  initialize,
  newSession,
  prompt,
  SELECT,
  toolCalls,
  useAcpFixture,
} from './test-kit.js';
import type { AcpChild } from './test-kit.js';

const fixture = useAcpFixture();

/** Whether a process still runs (a zombie waiting to be reaped has stopped). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Polls until `check` gives a value; bounded. */
async function until<T>(what: string, check: () => T | undefined, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const { dir } = fixture;

function spawn(home: string, work: string): AcpChild {
  const wave = fixture.spawn(home, work);
  return wave;
}

describe('wave --acp session life', () => {
  it('session/cancel answers the prompt with cancelled, and no update of it follows the answer', async () => {
    await fixture.startMock({
      name: 'held',
      chunkSize: 4,
      turns: [
        {
          faults: [{ kind: 'hold', afterChunks: 12 }],
          reply: [{ type: 'text', text: 'first reply that is cut short '.repeat(20) }],
        },
        { reply: [{ type: 'text', text: 'Second reply.' }] },
      ],
    });
    const work = dir('work');
    const wave = spawn(dir('home'), work);
    await initialize(wave.agent);
    const { sessionId } = await newSession(wave.agent, work);
    const answer = prompt(wave.agent, sessionId, 'Say a lot');
    await wave.waitForUpdates((updates) =>
      updates.some((u) => u.update.sessionUpdate === 'agent_message_chunk'),
    );
    await wave.agent.notify(acp.methods.agent.session.cancel, { sessionId });
    expect(await answer).toEqual({ stopReason: 'cancelled' });
    const firstMessages = [...chunkTexts(wave.updates, 'agent_message_chunk').keys()];
    // The model would go on now; the next prompt's whole answer bounds the wait.
    fixture.mock.release();
    expect(await prompt(wave.agent, sessionId, 'Again')).toEqual({ stopReason: 'end_turn' });

    const lines = wave.stdoutMessages();
    const cancelledAt = lines.findIndex(
      (line) => (line.result as { stopReason?: string } | undefined)?.stopReason === 'cancelled',
    );
    expect(cancelledAt).toBeGreaterThan(0);
    const after = lines
      .slice(cancelledAt + 1)
      .filter((line) => line.method === 'session/update')
      .map((line) => (line.params as acp.SessionNotification).update);
    const chunksAfter = after.filter((update) => update.sessionUpdate === 'agent_message_chunk');
    expect(chunksAfter.map((update) => update.messageId)).not.toContain(firstMessages[0]);
    expect(
      chunksAfter
        .map((update) => (update.content.type === 'text' ? update.content.text : ''))
        .join(''),
    ).toBe('Second reply.');
  });

  it("after session/cancel, no words of Wave reach the editor as the agent's reply; the model still hears of the interruption", async () => {
    await fixture.startMock({
      name: 'held',
      chunkSize: 4,
      turns: [
        {
          faults: [{ kind: 'hold', afterChunks: 3 }],
          reply: [{ type: 'text', text: 'a reply that is cut short '.repeat(10) }],
        },
        { reply: [{ type: 'text', text: 'Second reply.' }] },
      ],
    });
    const work = dir('work');
    const wave = spawn(dir('home'), work);
    // An editor that does not show notices: whatever Wave says would be an agent_message_chunk.
    await initialize(wave.agent, false);
    const { sessionId } = await newSession(wave.agent, work);
    const answer = prompt(wave.agent, sessionId, 'Say a lot');
    await wave.waitForUpdates((updates) =>
      updates.some((u) => u.update.sessionUpdate === 'agent_message_chunk'),
    );
    await wave.agent.notify(acp.methods.agent.session.cancel, { sessionId });
    expect(await answer).toEqual({ stopReason: 'cancelled' });
    fixture.mock.release();
    expect(await prompt(wave.agent, sessionId, 'Again')).toEqual({ stopReason: 'end_turn' });
    await wave.noUpdateDropped();

    const said = [...chunkTexts(wave.updates, 'agent_message_chunk').values()];
    expect(said.at(-1)).toBe('Second reply.');
    expect(said.filter((text) => /Interrupted|⚠/.test(text))).toEqual([]);
    expect(wave.updates.filter((u) => u.update.sessionUpdate === 'notice')).toEqual([]);
    expect(JSON.stringify(fixture.mock.requests.at(-1)?.body)).toContain(
      'The user interrupted your previous reply',
    );
  });

  it('a cancelled prompt is answered once the running command has stopped and said so', async () => {
    await fixture.startMock({
      name: 'long command',
      turns: [
        {
          reply: [
            {
              type: 'tool_call',
              id: 's',
              name: 'Bash',
              input: { command: 'sleep 30 & echo $! > sleep.pid; wait' },
            },
          ],
        },
      ],
    });
    const work = dir('work');
    const wave = spawn(dir('home'), work);
    await initialize(wave.agent);
    const { sessionId } = await newSession(wave.agent, work);
    await wave.agent.request(acp.methods.agent.session.setMode, {
      sessionId,
      modeId: 'bypassPermissions',
    });
    const answer = prompt(wave.agent, sessionId, 'Wait a while');
    await wave.waitForUpdates((updates) =>
      updates.some(
        (u) => u.update.sessionUpdate === 'tool_call_update' && u.update.status === 'in_progress',
      ),
    );
    const pid = await until('the sleep to start', () => {
      const text = existsSync(join(work, 'sleep.pid'))
        ? readFileSync(join(work, 'sleep.pid'), 'utf8')
        : '';
      return /^\d+\n$/.test(text) ? Number(text) : undefined;
    });
    expect(running(pid)).toBe(true);
    await wave.agent.notify(acp.methods.agent.session.cancel, { sessionId });
    // The command's end reached the editor before the answer, and nothing came after it.
    const statusAtAnswer = answer.then(() => [...toolCalls(wave.updates).values()][0]?.status);
    const goneAtAnswer = answer.then(() => !running(pid));
    expect(await answer).toEqual({ stopReason: 'cancelled' });
    expect(await statusAtAnswer).toBe('failed');
    // The command itself was gone by then, not only its tool's status.
    expect(await goneAtAnswer).toBe(true);
    await wave.noUpdateDropped();
    const lines = wave.stdoutMessages();
    const answeredAt = lines.findIndex(
      (line) => (line.result as { stopReason?: string } | undefined)?.stopReason === 'cancelled',
    );
    expect(lines.slice(answeredAt + 1).filter((line) => line.method === 'session/update')).toEqual(
      [],
    );
  });

  it('session/load in a new process replays what the first one streamed', async () => {
    await fixture.startMock({
      name: 'to replay',
      chunkSize: 6,
      turns: [
        {
          reply: [
            { type: 'reasoning', text: 'Let me look at the folder.' },
            { type: 'text', text: 'I will list it.' },
            { type: 'tool_call', id: 'ls1', name: 'LS', input: { path: '.' } },
          ],
        },
        { reply: [{ type: 'text', text: 'It is empty, apart from nothing at all.' }] },
        { reply: [{ type: 'text', text: 'Still here after the load.' }] },
      ],
    });
    const home = dir('home');
    const work = dir('work');
    const first = spawn(home, work);
    await initialize(first.agent);
    const { sessionId } = await newSession(first.agent, work);
    await prompt(first.agent, sessionId, 'What is in this folder?');
    expect(await first.disconnect()).toBe(0);

    const second = spawn(home, work);
    await initialize(second.agent);
    const loaded = await second.agent.request(acp.methods.agent.session.load, {
      sessionId,
      cwd: work,
      mcpServers: [],
    });
    expect(loaded.modes?.currentModeId).toBe('default');
    // Every replayed update came before the load's answer, so they are all in by now.
    const replayed = second.updates.filter(
      (u) => u.update.sessionUpdate !== 'available_commands_update',
    );
    expect(allText(replayed, 'user_message_chunk')).toBe('What is in this folder?');
    expect(chunkTexts(replayed, 'agent_message_chunk')).toEqual(
      chunkTexts(first.updates, 'agent_message_chunk'),
    );
    expect(chunkTexts(replayed, 'agent_thought_chunk')).toEqual(
      chunkTexts(first.updates, 'agent_thought_chunk'),
    );
    expect(toolCalls(replayed)).toEqual(toolCalls(first.updates));
    expect([...toolCalls(replayed).values()][0]).toMatchObject({
      kind: 'read',
      status: 'completed',
    });
    const lastUsage = (updates: readonly acp.SessionNotification[]) =>
      updates.filter((u) => u.update.sessionUpdate === 'usage_update').at(-1)?.update;
    expect(lastUsage(replayed)).toEqual(lastUsage(first.updates));
    // The commands come right after the answer: once they are in, every update on stdout is.
    await second.waitForUpdates((updates) =>
      updates.some((u) => u.update.sessionUpdate === 'available_commands_update'),
    );
    await second.noUpdateDropped();

    // The loaded session goes on where it was: the model reads the earlier conversation.
    expect(await prompt(second.agent, sessionId, 'Still there?')).toEqual({
      stopReason: 'end_turn',
    });
    expect(JSON.stringify(fixture.mock.requests.at(-1)?.body)).toContain('What is in this folder?');
  });

  it('session/load of an id Wave does not have is an error naming it', async () => {
    await fixture.startMock({
      name: 'unused',
      turns: [{ reply: [{ type: 'text', text: 'x' }] }],
    });
    const work = dir('work');
    const wave = spawn(dir('home'), work);
    await initialize(wave.agent);
    await expect(
      wave.agent.request(acp.methods.agent.session.load, {
        sessionId: 'no-such-session',
        cwd: work,
        mcpServers: [],
      }),
    ).rejects.toMatchObject({ code: -32002, message: expect.stringContaining('no-such-session') });
    await expect(
      wave.agent.request(acp.methods.agent.session.load, {
        sessionId: '../../etc/passwd',
        cwd: work,
        mcpServers: [],
      }),
    ).rejects.toMatchObject({ code: -32002, message: expect.stringContaining('not a session id') });
  });

  it("session/set_mode switches Wave's permission mode and sends current_mode_update", async () => {
    await fixture.startMock({
      name: 'plan mode',
      turns: [
        {
          reply: [
            {
              type: 'tool_call',
              id: 'w1',
              name: 'Write',
              input: { file_path: 'x.txt', content: 'x' },
            },
          ],
        },
        { reply: [{ type: 'text', text: 'I only planned.' }] },
      ],
    });
    const work = dir('work');
    const wave = spawn(dir('home'), work);
    await initialize(wave.agent);
    const { sessionId } = await newSession(wave.agent, work);
    await wave.agent.request(acp.methods.agent.session.setMode, { sessionId, modeId: 'plan' });
    await wave.waitForUpdates((updates) =>
      updates.some(
        (u) =>
          u.update.sessionUpdate === 'current_mode_update' && u.update.currentModeId === 'plan',
      ),
    );
    wave.answerPermission = () => SELECT('allow');
    await prompt(wave.agent, sessionId, 'Write x.txt');
    // Plan mode never edits, so nothing was even asked.
    expect(wave.permissionRequests).toHaveLength(0);
    expect([...toolCalls(wave.updates).values()][0]?.status).toBe('failed');
    await expect(
      wave.agent.request(acp.methods.agent.session.setMode, { sessionId, modeId: 'yolo' }),
    ).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining(
        '"yolo" is not a mode of Wave; use one of default, acceptEdits',
      ),
    });
  });
});
