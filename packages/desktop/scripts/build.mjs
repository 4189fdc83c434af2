// Builds the app Electron runs from this folder (package.json's main):
//   dist/main.cjs     the main process (esbuild; `electron` is Electron's own module)
//   dist/preload.cjs  the preload (sandboxed: one file, nothing but `electron` required)
//   dist/wave/wave.js   the wave CLI, bundled, started as `wave --stdio` per window
//   dist/webview/     the chat UI (packages/webview-ui's Vite build, made first if it is missing
//                     or stale, copied)
import { build } from 'esbuild';
import { addChatUiAndCli, startHostDist } from '../../../scripts/host-dist.mjs';
import { ELECTRON_SIDE, MAIN_ENTRY, PRELOAD_ENTRY } from './bundle-options.mjs';
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const dist = here('../dist');

startHostDist(dist);
await Promise.all([
  build({ ...ELECTRON_SIDE, entryPoints: [MAIN_ENTRY], outfile: here('../dist/main.cjs') }),
  build({ ...ELECTRON_SIDE, entryPoints: [PRELOAD_ENTRY], outfile: here('../dist/preload.cjs') }),
]);
addChatUiAndCli(dist);
