// Two hosts that reopen one stored session in the same moment (a webview and its extension after
// `wave --stdio` restarted) get one session on the server: one Agent per session file.
import { afterEach, describe, expect, it } from 'vitest';
import { WaveClient } from '../wave-client.js';
import { startRealServer } from '../test-support/real-server.js';
import type { RealServer } from '../test-support/real-server.js';
import { inProcessTransport } from './in-process.js';

let real: RealServer | undefined;
afterEach(async () => {
  await real?.dispose();
  real = undefined;
});

describe('the server, reached by two hosts at once', () => {
  it('opens a stored session once when both reopen it together', async () => {
    real = await startRealServer({
      name: 'hello',
      turns: [{ reply: [{ type: 'text', text: 'hello' }] }],
    });
    const first = new WaveClient(inProcessTransport(real.server));
    const second = new WaveClient(inProcessTransport(real.server));
    const opened = await first.open(real.params);
    const ended = new Promise<void>((resolve) => {
      const stop = opened.onEvent((event) => {
        if (event.type === 'turnEnded') resolve(stop());
      });
    });
    await opened.sendMessage('hi');
    await ended;
    const { id } = opened;
    await opened.close();
    expect(real.opens()).toBe(1);

    const [again, alsoAgain] = await Promise.all([
      first.open({ ...real.params, sessionId: id }),
      second.open({ ...real.params, sessionId: id }),
    ]);
    expect(alsoAgain.id).toBe(again.id);
    expect(real.opens()).toBe(2);
  });
});
