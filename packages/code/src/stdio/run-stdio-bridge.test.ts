// runStdioBridge in-process, over any pair of streams (hosts and tests can embed it).
import { PassThrough } from 'node:stream';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node.js';
import { afterEach, expect, it } from 'vitest';
import { runStdioBridge } from './run-stdio-bridge.js';
import { tempDir } from './test-kit.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

it('serves over the given streams and resolves 0 once the input ends', async () => {
  const home = tempDir('home');
  const work = tempDir('work');
  cleanups.push(home.remove, work.remove);
  const toBridge = new PassThrough();
  const fromBridge = new PassThrough();
  let logged = '';
  const exited = runStdioBridge({
    input: toBridge,
    output: fromBridge,
    stderr: { write: (text: string) => (logged += text) },
    env: { WAVE_HOME: home.path },
    workdir: work.path,
  });
  const client = createMessageConnection(
    new StreamMessageReader(fromBridge),
    new StreamMessageWriter(toBridge),
  );
  client.listen();

  const opened: unknown = await client.sendRequest('initialize', {
    workdir: work.path,
    provider: 'demo',
  });
  expect(opened).toMatchObject({ provider: 'demo', model: 'wave-demo' });
  await client.sendNotification('somethingElse', {});
  expect(await client.sendRequest('listSessions', {})).toEqual({ sessions: [] });
  toBridge.end();
  await expect(exited).resolves.toBe(0);
  client.dispose();
  expect(logged).toContain('Ignored the notification "somethingElse"');
});
