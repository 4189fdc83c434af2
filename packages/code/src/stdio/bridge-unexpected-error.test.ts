// A request that fails with an error Wave knows nothing of (a bug; the preload
// src/test-support/inject-fault.cjs stands in for one): the host gets an internal error, and the
// line on stderr (the host's output panel) is one sentence with the error's message and how to
// see where it happened, not its stack; with WAVE_DEBUG=1 the stack is there. Real child process.
import { RPC_ERROR_CODES } from '@wave-agent/shared-protocol';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FAULT_NAME, FAULT_NODE_ARGS, STACK_FRAME } from '../test-support/injected-fault.js';
import { spawnBridge, useTempDirs } from './test-kit.js';
import type { BridgeChild } from './test-kit.js';

const dir = useTempDirs();
let bridge: BridgeChild | undefined;

afterEach(() => {
  bridge?.dispose();
  bridge = undefined;
});

/** initialize in a folder whose statSync throws; resolves with the error the host got. */
async function failingInitialize(env: Record<string, string>): Promise<unknown> {
  const work = dir('work');
  const faulty = join(work, FAULT_NAME);
  mkdirSync(faulty);
  bridge = spawnBridge({ waveHome: dir('home'), cwd: work, env, nodeArgs: FAULT_NODE_ARGS });
  return bridge.request('initialize', { workdir: faulty, provider: 'demo' }).then(
    () => undefined,
    (error: unknown) => error,
  );
}

const LOGGED =
  'wave --stdio: error: initialize failed unexpectedly. injected fault standing in for a bug (WAVE_DEBUG=1 shows where it happened)\n';

describe('wave --stdio meeting a bug', () => {
  it('answers an internal error and logs one line without the stack', async () => {
    const error = await failingInitialize({});
    expect(error).toMatchObject({ code: RPC_ERROR_CODES.internalError });
    await bridge!.waitForStderr(LOGGED);
    expect(bridge!.stderr()).not.toMatch(STACK_FRAME);
  });

  it('logs the stack with WAVE_DEBUG=1', async () => {
    await failingInitialize({ WAVE_DEBUG: '1' });
    await bridge!.waitForStderr('initialize failed unexpectedly. TypeError: injected fault');
    expect(bridge!.stderr()).toMatch(/\n\s+at requireDirectory \([^\n]*open-agent\.ts:\d+:\d+\)/);
  });
});
