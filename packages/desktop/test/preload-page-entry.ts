// Runs in a Chromium page before anything else (bundled by preload-bundle.ts): puts the fake
// electron module of a preload in place, wired to the test through two functions on the window.
// Unlike Electron's isolated world, the page could see these; the chat UI uses only `waveHost`.
import { fakePreloadElectron, preloadRequire } from './fake-electron-preload.js';

interface TestWindow {
  __waveIpcSend(channel: string, message: unknown): void;
  __waveIpcDeliver?: (channel: string, data: unknown) => void;
  __waveTakePreloadRequire?: () => (name: string) => unknown;
}

const world = window as unknown as TestWindow & Record<string, unknown>;
const fake = fakePreloadElectron(world, (channel, message) =>
  world.__waveIpcSend(channel, message),
);
world.__waveIpcDeliver = (channel, data) => fake.deliver(channel, data);
world.__waveTakePreloadRequire = () => {
  delete world.__waveTakePreloadRequire;
  return preloadRequire(fake.electron);
};
