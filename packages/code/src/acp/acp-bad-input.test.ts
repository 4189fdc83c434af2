// Bad input to wave --acp gets a JSON-RPC error that names the problem, and the agent goes on
// serving: a line that is not JSON, a request before initialize, an unknown method, params that
// do not fit, a relative cwd, an unknown session, a prompt while one runs, MCP servers Wave
// cannot use. A real child, the ACP SDK's client for the well-formed part, raw bytes for the rest.
import * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { closedPort } from '../../test/e2e/wave-process.js';
import { allText, initialize, newSession, prompt, useAcpFixture } from './test-kit.js';

const fixture = useAcpFixture();
const { dir } = fixture;

function errorOf(message: Record<string, unknown>): {
  code: number;
  message: string;
  data?: unknown;
} {
  return message.error as { code: number; message: string; data?: unknown };
}

describe('wave --acp with bad input', () => {
  it('answers each bad line with an error that names it, and keeps serving', async () => {
    await fixture.startMock({
      name: 'slow then fine',
      turns: [
        {
          faults: [{ kind: 'hold', afterChunks: 2 }],
          reply: [{ type: 'text', text: 'A held reply.' }],
        },
        { reply: [{ type: 'text', text: 'Still serving.' }] },
      ],
    });
    const work = dir('work');
    const wave = fixture.spawn(dir('home'), work);

    wave.writeRaw('{"jsonrpc":"2.0","id":"early","method":"session/new","params":{}}\n');
    const early = await wave.waitForMessage((message) => message.id === 'early');
    expect(errorOf(early)).toMatchObject({
      code: -32600,
      message: expect.stringContaining("must be initialized before 'session/new'"),
    });

    await initialize(wave.agent);
    wave.writeRaw('this is not json\n');
    const parse = await wave.waitForMessage(
      (message) => message.id === null && errorOf(message)?.code === -32700,
    );
    expect(errorOf(parse).message).toMatch(/Parse error/);

    wave.writeRaw('{"jsonrpc":"2.0","id":"m","method":"session/frobnicate","params":{}}\n');
    expect(errorOf(await wave.waitForMessage((message) => message.id === 'm'))).toMatchObject({
      code: -32601,
      message: expect.stringContaining('session/frobnicate'),
    });

    // Params that do not fit ACP's schema: the error's data names the field.
    await expect(
      wave.agent.request('session/new', { mcpServers: [] } as unknown as acp.NewSessionRequest),
    ).rejects.toMatchObject({
      code: -32602,
      data: expect.objectContaining({ cwd: expect.anything() }),
    });
    await expect(newSession(wave.agent, 'relative/dir')).rejects.toMatchObject({
      code: -32602,
      message: 'session/new needs cwd as an absolute path, not "relative/dir".',
    });
    await expect(newSession(wave.agent, `${work}/missing`)).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('is not an existing folder'),
    });
    await expect(
      newSession(wave.agent, work, [{ type: 'http', name: 'web', url: 'not a url', headers: [] }]),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('web.url') });
    await expect(prompt(wave.agent, 'no-such-session', 'hi')).rejects.toMatchObject({
      code: -32002,
      message: expect.stringContaining('There is no session "no-such-session"'),
    });
    await expect(
      wave.agent.request(acp.methods.agent.session.prompt, {
        sessionId: 'x',
        prompt: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }],
      }),
    ).rejects.toMatchObject({ code: -32002 });

    const { sessionId } = await newSession(wave.agent, work);
    await expect(
      wave.agent.request(acp.methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }],
      }),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('was not sent') });

    const running = prompt(wave.agent, sessionId, 'Hold on');
    await wave.waitForUpdates((updates) =>
      updates.some((u) => u.update.sessionUpdate === 'agent_message_chunk'),
    );
    await expect(prompt(wave.agent, sessionId, 'And this?')).rejects.toMatchObject({
      code: -32600,
      message: `A prompt is already running in session ${sessionId}; wait for its answer, or send session/cancel first.`,
    });
    fixture.mock.release();
    expect(await running).toEqual({ stopReason: 'end_turn' });

    // After all of it, the agent still serves.
    expect(await prompt(wave.agent, sessionId, 'Are you there?')).toEqual({
      stopReason: 'end_turn',
    });
    expect(allText(wave.updates, 'agent_message_chunk')).toBe('A held reply.Still serving.');
    expect(wave.child.exitCode).toBeNull();
    expect(await wave.disconnect()).toBe(0);
  });
});

describe('wave --acp when the model cannot be reached', () => {
  it('answers the prompt with an error that says so, and the next prompt is served', async () => {
    await fixture.startMock({ name: 'unused', turns: [{ reply: [{ type: 'text', text: 'x' }] }] });
    const work = dir('work');
    const port = await closedPort();
    const wave = fixture.spawn(dir('home'), work, {
      WAVE_BASE_URL: `http://127.0.0.1:${port}/v1`,
      WAVE_MAX_RETRIES: '0',
    });
    await initialize(wave.agent);
    const { sessionId } = await newSession(wave.agent, work);
    await expect(prompt(wave.agent, sessionId, 'Hello?')).rejects.toMatchObject({
      code: -32603,
      message: expect.stringContaining(`127.0.0.1:${port}`),
    });
    // The error is also in the thread, as a notice; the session goes on.
    expect(wave.updates.some((u) => u.update.sessionUpdate === 'notice')).toBe(true);
    await expect(prompt(wave.agent, sessionId, 'Still?')).rejects.toMatchObject({ code: -32603 });
    expect(wave.stderr()).not.toMatch(/at .*\.ts:\d+/);
  });
});
