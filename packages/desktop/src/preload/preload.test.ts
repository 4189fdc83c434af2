// The real preload (bundled as build.mjs bundles it) against a fake of the electron module
// (test/fake-electron-preload.ts: Electron's binary cannot run here): the page gets exactly
// `waveHost = { post, onMessage }`, frozen; post sends on Wave's one channel; onMessage hears that
// channel only, gets the data and never the IPC event (whose sender is ipcRenderer itself), and
// its unsubscribe removes the listener; the preload requires nothing but 'electron'.
import { beforeAll, describe, expect, it } from 'vitest';
import { WAVE_CHANNEL } from '../shared/channel.js';
import { fakePreloadElectron } from '../../test/fake-electron-preload.js';
import { preloadBundle, runPreload } from '../../test/preload-bundle.js';

let code = '';
beforeAll(async () => {
  code = await preloadBundle();
});

interface WaveHost {
  post(message: unknown): void;
  onMessage(listener: (...args: unknown[]) => void): () => void;
}

function load() {
  const world: Record<string, unknown> = {};
  const sent: [string, unknown][] = [];
  const fake = fakePreloadElectron(world, (channel, message) => sent.push([channel, message]));
  runPreload(code, fake.electron);
  return { world, sent, fake, host: world.waveHost as WaveHost };
}

describe('the preload', () => {
  it('exposes exactly a frozen { post, onMessage } as window.waveHost', () => {
    const { world, host } = load();
    expect(Object.keys(world)).toEqual(['waveHost']);
    expect(Object.keys(host).sort()).toEqual(['onMessage', 'post']);
    expect(Object.isFrozen(host)).toBe(true);
    expect(typeof host.post).toBe('function');
  });

  it('posts on Wave’s channel and hears only that channel, the data alone, until unsubscribed', () => {
    const { sent, fake, host } = load();
    host.post({ jsonrpc: '2.0', id: 1, method: 'listSessions', params: {} });
    expect(sent).toEqual([
      [WAVE_CHANNEL, { jsonrpc: '2.0', id: 1, method: 'listSessions', params: {} }],
    ]);
    const heard: unknown[][] = [];
    const stop = host.onMessage((...args) => heard.push(args));
    fake.deliver(WAVE_CHANNEL, { jsonrpc: '2.0', id: 1, result: { sessions: [] } });
    fake.deliver('another:channel', 'not for the page');
    expect(heard).toEqual([[{ jsonrpc: '2.0', id: 1, result: { sessions: [] } }]]);
    expect(fake.listeners(WAVE_CHANNEL)).toBe(1);
    stop();
    expect(fake.listeners(WAVE_CHANNEL)).toBe(0);
    fake.deliver(WAVE_CHANNEL, 'after');
    expect(heard).toHaveLength(1);
  });

  it('requires nothing but electron', () => {
    expect([...code.matchAll(/require\((["'][^"']+["'])\)/g)].map((match) => match[1])).toEqual([
      '"electron"',
    ]);
  });
});
