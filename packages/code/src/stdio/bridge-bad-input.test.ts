// Bad input never stops the bridge: each malformed frame, unknown method, invalid param or
// unknown session gets a JSON-RPC error that names the problem, and the next good request is
// answered. Real child process; the raw frames are read off its stdout.
import { RPC_ERROR_CODES } from '@wave-agent/shared-protocol';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnBridge, tempDir } from './test-kit.js';
import type { BridgeChild, Frame } from './test-kit.js';

let bridge: BridgeChild;
let home: { path: string; remove: () => void };
let cwd: { path: string; remove: () => void };

beforeAll(() => {
  home = tempDir('home');
  cwd = tempDir('cwd');
  bridge = spawnBridge({ waveHome: home.path, cwd: cwd.path });
});

afterAll(() => {
  bridge.dispose();
  home.remove();
  cwd.remove();
});

function frame(body: string): string {
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

function errorFrame(code: number, text: RegExp, id: string | number | null = null) {
  return (candidate: Frame): boolean => {
    const { error } = candidate.body as { error?: { code: number; message: string } };
    return candidate.body.id === id && error?.code === code && text.test(error.message);
  };
}

async function stillServes(): Promise<void> {
  await expect(bridge.request('listSessions', {})).resolves.toEqual({ sessions: [] });
}

describe('unreadable frames', () => {
  it('answers a body that is not JSON with a parse error (-32700, id null)', async () => {
    bridge.writeRaw(frame('{"jsonrpc":"2.0","id":1,"method":'));
    const answer = await bridge.waitForFrame(
      errorFrame(RPC_ERROR_CODES.parseError, /not valid JSON/),
    );
    expect((answer.body.error as { message: string }).message).toMatch(/goes on serving/);
    await stillServes();
  });

  it('answers JSON that is not a JSON-RPC object (a batch) with an invalid request (-32600)', async () => {
    bridge.writeRaw(frame('[{"jsonrpc":"2.0","id":2,"method":"listSessions"}]'));
    await bridge.waitForFrame(
      errorFrame(RPC_ERROR_CODES.invalidRequest, /batches are not supported/),
    );
    await stillServes();
  });

  it('answers a message with neither method nor result under its own id (-32600)', async () => {
    bridge.writeRaw(frame('{"jsonrpc":"2.0","id":"odd-7"}'));
    await bridge.waitForFrame(errorFrame(RPC_ERROR_CODES.invalidRequest, /no "method"/, 'odd-7'));
    await stillServes();
  });
});

describe('requests the bridge cannot do', () => {
  it('names an unknown method (-32601) and lists the ones it has', async () => {
    await expect(bridge.connection.sendRequest('frobnicate', {})).rejects.toMatchObject({
      code: RPC_ERROR_CODES.methodNotFound,
      message: expect.stringMatching(/Unknown method "frobnicate".*initialize, sendMessage/),
    });
    await stillServes();
  });

  it('names each invalid param (-32602)', async () => {
    await expect(
      bridge.connection.sendRequest('sendMessage', { sessionId: 'x', text: 42 }),
    ).rejects.toMatchObject({
      code: RPC_ERROR_CODES.invalidParams,
      message:
        'invalid params for sendMessage: text: expected string, received number. Fix the params and send the request again.',
    });
    await stillServes();
  });

  it('refuses a workdir that does not exist, naming it', async () => {
    const missing = `${cwd.path}/no-such-dir`;
    await expect(
      bridge.request('initialize', { workdir: missing, provider: 'demo' }),
    ).rejects.toMatchObject({
      code: RPC_ERROR_CODES.invalidParams,
      message: expect.stringContaining(`workdir: ${missing} is not an existing directory`),
    });
    await stillServes();
  });

  it('says what is missing when the provider cannot be set up (providerUnavailable)', async () => {
    await expect(
      bridge.request('initialize', { workdir: cwd.path, provider: 'anthropic' }),
    ).rejects.toMatchObject({
      code: RPC_ERROR_CODES.providerUnavailable,
      message: expect.stringMatching(/needs an API key.*initialize also takes .*apiKey/),
    });
    await stillServes();
  });

  it('says a session to resume is not stored (sessionNotFound)', async () => {
    await expect(
      bridge.request('initialize', {
        workdir: cwd.path,
        provider: 'demo',
        sessionId: 'never-saved',
      }),
    ).rejects.toMatchObject({
      code: RPC_ERROR_CODES.sessionNotFound,
      message: expect.stringMatching(/Cannot read session file .*never-saved.*Call listSessions/),
    });
    await stillServes();
  });

  it('says a method needs initialize first, then that an unknown sessionId is not open', async () => {
    await expect(bridge.request('getMessages', { sessionId: 'nope' })).rejects.toMatchObject({
      code: RPC_ERROR_CODES.notInitialized,
      message: expect.stringMatching(/getMessages needs a session.*Call initialize first/),
    });
    const { sessionId } = await bridge.request('initialize', {
      workdir: cwd.path,
      provider: 'demo',
    });
    await expect(bridge.request('getMessages', { sessionId: 'nope' })).rejects.toMatchObject({
      code: RPC_ERROR_CODES.sessionNotFound,
      message: expect.stringMatching(/No session "nope" is open/),
    });
    await expect(bridge.request('getMessages', { sessionId })).resolves.toEqual({ messages: [] });
  });

  it('refuses a session id that would lead out of WAVE_HOME, and writes nothing there', async () => {
    for (const sessionId of ['../../../outside/stolen', '/etc/passwd', 'a/b', '..']) {
      await expect(
        bridge.request('initialize', { workdir: cwd.path, provider: 'demo', sessionId }),
      ).rejects.toMatchObject({ message: expect.stringContaining('is not a session id') });
    }
    const { sessionId } = await bridge.request('initialize', {
      workdir: cwd.path,
      provider: 'demo',
    });
    await expect(
      bridge.request('restoreSession', { sessionId, storedSessionId: '../../outside/stolen' }),
    ).rejects.toMatchObject({ message: expect.stringContaining('is not a session id') });
    expect(existsSync(join(home.path, '..', 'outside'))).toBe(false);
    await stillServes();
  });
});
