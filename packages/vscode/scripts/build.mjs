// Builds what the .vsix carries, so it runs from the installed extension alone:
//   dist/extension.cjs  the extension host side (esbuild; `vscode` is VS Code's own module)
//   dist/wave/wave.js   the wave CLI, bundled, that the extension starts as `wave --stdio`
//   dist/webview/       the chat UI (packages/webview-ui's Vite build, copied)
// Workspace packages are bundled from their TypeScript sources (the @wave-agent/source condition).
import { build } from 'esbuild';
import { addChatUiAndCli, startHostDist } from '../../../scripts/host-dist.mjs';
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const dist = here('../dist');

startHostDist(dist);
await build({
  entryPoints: [here('../src/extension.ts')],
  outfile: here('../dist/extension.cjs'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  conditions: ['@wave-agent/source'],
  external: ['vscode'],
  // VS Code's extension host (Node 21+) throws PendingMigrationError on any read of the global
  // `navigator`; bundled libraries (zod's platform sniffing) probe it, and in a Node host it is
  // never the browser's, so the bundle sees none.
  define: { navigator: 'undefined' },
  logLevel: 'warning',
  legalComments: 'none',
});
addChatUiAndCli(dist);
