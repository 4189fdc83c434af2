// Builds what the .vsix carries, so it runs from the installed extension alone:
//   dist/extension.cjs  the extension host side (esbuild; `vscode` is VS Code's own module)
//   dist/wave/wave.mjs  the wave CLI, bundled, that the extension starts as `wave --stdio`
//   dist/webview/       the chat UI (packages/webview-ui's Vite build, copied)
// Workspace packages are bundled from their TypeScript sources (the @wave-agent/source condition).
import { cpSync, existsSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const here = (path) => new URL(path, import.meta.url).pathname;
const webviewDist = here('../../webview-ui/dist');

/** Ink loads React DevTools only when DEV=true; the CLI never does, so it is left out. */
const withoutDevtools = {
  name: 'without-react-devtools',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^react-devtools-core$/ }, () => ({
      path: 'react-devtools-core',
      namespace: 'left-out',
    }));
    pluginBuild.onLoad({ filter: /.*/, namespace: 'left-out' }, () => ({
      contents: 'export default { initialize() {}, connectToDevTools() {} };',
    }));
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  conditions: ['@wave-agent/source'],
  logLevel: 'warning',
  legalComments: 'none',
};

rmSync(here('../dist'), { recursive: true, force: true });
await Promise.all([
  build({
    ...common,
    entryPoints: [here('../src/extension.ts')],
    outfile: here('../dist/extension.cjs'),
    format: 'cjs',
    external: ['vscode'],
  }),
  build({
    ...common,
    entryPoints: [here('../../code/src/bin.ts')],
    outfile: here('../dist/wave/wave.mjs'),
    format: 'esm',
    plugins: [withoutDevtools],
    // Some dependencies are CommonJS and call require(): give the ES module one.
    banner: {
      js: "import { createRequire as __waveRequire } from 'node:module'; const require = __waveRequire(import.meta.url);",
    },
  }),
]);

if (!existsSync(webviewDist)) {
  console.error(
    'The chat UI is not built (packages/webview-ui/dist is missing): run `pnpm --filter @wave-agent/webview-ui build` first.',
  );
  process.exit(1);
}
cpSync(webviewDist, here('../dist/webview'), { recursive: true });
