// Builds the app Electron runs from this folder (package.json's main):
//   dist/main.cjs     the main process (esbuild; `electron` is Electron's own module)
//   dist/preload.cjs  the preload (sandboxed: one file, nothing but `electron` required)
//   dist/wave/wave.js   the wave CLI, bundled, started as `wave --stdio` per window
//   dist/webview/     the chat UI (packages/webview-ui's Vite build, copied)
import { build } from 'esbuild';
import { addChatUiAndCli, startHostDist } from '../../../scripts/host-dist.mjs';

const here = (path) => new URL(path, import.meta.url).pathname;
const dist = here('../dist');

startHostDist(dist);
const electronSide = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  conditions: ['@wave-agent/source'],
  external: ['electron'],
  logLevel: 'warning',
  legalComments: 'none',
};
await Promise.all([
  build({
    ...electronSide,
    entryPoints: [here('../src/main/main.ts')],
    outfile: here('../dist/main.cjs'),
  }),
  build({
    ...electronSide,
    entryPoints: [here('../src/preload/preload.ts')],
    outfile: here('../dist/preload.cjs'),
  }),
]);
addChatUiAndCli(dist);
