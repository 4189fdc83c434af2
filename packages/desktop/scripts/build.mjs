// Builds the app Electron runs from this folder (package.json's main):
//   dist/main.cjs     the main process (esbuild; `electron` is Electron's own module)
//   dist/preload.cjs  the preload (sandboxed: one file, nothing but `electron` required)
//   dist/wave/wave.js   the wave CLI, bundled, started as `wave --stdio` per window
//   dist/webview/     the chat UI (packages/webview-ui's Vite build, copied)
import { cpSync, existsSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';

const here = (path) => new URL(path, import.meta.url).pathname;
const webviewDist = here('../../webview-ui/dist');

if (!existsSync(webviewDist)) {
  console.error(
    'The chat UI is not built (packages/webview-ui/dist is missing): run `pnpm --filter @wave-agent/webview-ui build` first.',
  );
  process.exit(1);
}
rmSync(here('../dist'), { recursive: true, force: true });
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
cpSync(webviewDist, here('../dist/webview'), { recursive: true });
// The wave CLI as packages/code publishes it (one entry file and its chunks).
const cli = spawnSync(
  process.execPath,
  [here('../../code/scripts/bundle.mjs'), here('../dist/wave')],
  {
    stdio: 'inherit',
  },
);
if (cli.status !== 0) process.exit(cli.status ?? 1);
