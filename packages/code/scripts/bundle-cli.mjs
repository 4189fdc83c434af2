// The `wave` CLI as one ES module file, for hosts that ship it inside themselves (the VS Code
// extension, the desktop app) and run it with their own Node. The caller passes esbuild's
// `build` (each host has esbuild as its own dev dependency). Workspace packages are bundled from
// their TypeScript sources.
const entry = new URL('../src/bin.ts', import.meta.url).pathname;

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

export function bundleWaveCli(build, outfile) {
  return build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    conditions: ['@wave-agent/source'],
    logLevel: 'warning',
    legalComments: 'none',
    plugins: [withoutDevtools],
    // Some dependencies are CommonJS and call require(): give the ES module one.
    banner: {
      js: "import { createRequire as __waveRequire } from 'node:module'; const require = __waveRequire(import.meta.url);",
    },
  });
}
