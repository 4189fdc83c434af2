// Builds what the .vsix carries, so it runs from the installed extension alone:
//   dist/extension.cjs  the extension host side (esbuild; `vscode` is VS Code's own module)
//   dist/wave/wave.js   the wave CLI, bundled, that the extension starts as `wave --stdio`
//   dist/webview/       the chat UI (packages/webview-ui's Vite build, copied)
// Workspace packages are bundled from their TypeScript sources (the @wave-agent/source condition).
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
await build({
  entryPoints: [here('../src/extension.ts')],
  outfile: here('../dist/extension.cjs'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  conditions: ['@wave-agent/source'],
  external: ['vscode'],
  logLevel: 'warning',
  legalComments: 'none',
});
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
