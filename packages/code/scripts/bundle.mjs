// Bundles the `wave` executable with esbuild: src/bin.ts and everything it imports (workspace
// packages and npm dependencies alike) become one ESM entry file, plus one chunk per dynamic
// import, so start-up reads a few files instead of resolving and compiling hundreds of modules,
// and a mode loads only what it uses (print mode never loads Ink, React or the markdown renderer).
// Usage: node scripts/bundle.mjs [outdir]   (default dist/bundle; the published bin lives there)
import { readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { asciiPageReaders, BUNDLE_PLUGINS } from './bundle-plugins.mjs';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const outdir = process.argv[2] ?? `${packageDir}dist/bundle`;

/** What every build of the bundle shares. */
const common = {
  absWorkingDir: packageDir,
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  // Workspace packages from their TypeScript sources, as the dev launcher runs them.
  conditions: ['@wave-agent/source'],
  define: { 'process.env.NODE_ENV': '"production"' },
  // Ink imports React DevTools (its own chunk) only when DEV=true; not a dependency of ours.
  external: ['react-devtools-core'],
  jsx: 'automatic',
  legalComments: 'linked',
  logLevel: 'warning',
};

/**
 * Print mode's bundle imports the other modes' entries (stdio, acp, web, the terminal UI) from
 * src/cli.ts but never runs them (src/print/print-entry.ts hands those command lines to the
 * full bundle): each is a module that says so, so none of their code is in it.
 */
const otherModesLeftOut = {
  name: 'other-modes-left-out',
  setup(pluginBuild) {
    const otherModes = /^\.\/(stdio\/index|acp\/index|web\/index|cli\/run-interactive)\.js$/;
    pluginBuild.onResolve({ filter: otherModes }, (args) => {
      if (!/[\\/]src[\\/]cli\.ts$/.test(args.importer)) return undefined;
      return { path: args.path, namespace: 'other-mode' };
    });
    pluginBuild.onLoad({ filter: /.*/, namespace: 'other-mode' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${args.path} is not in print mode's bundle; the launcher runs the full bundle for it.`)});`,
      loader: 'js',
    }));
  },
};

rmSync(outdir, { recursive: true, force: true });

/** Node's CommonJS wrapper, as src/launcher/code-cache.ts expects a bundle to begin. */
const CJS_WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) {';

/**
 * Print mode on its own, as one CommonJS file (print-<hash>.cjs): on a Node without a compile
 * cache (20) the launcher loads it through a V8 code cache (src/launcher/code-cache.ts), which
 * takes a script, not ES modules. Its import.meta.url is the file's own URL, as in the ESM build.
 */
const print = await build({
  ...common,
  entryPoints: { print: 'src/print/print-entry.ts' },
  entryNames: '[name]-[hash]',
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  // No comments, so the file is ASCII (esbuild escapes the rest) and is read as Latin-1: a copy,
  // where UTF-8 is a decode of 3 MB at every start.
  minifyWhitespace: true,
  define: { ...common.define, 'import.meta.url': '__waveImportMetaUrl' },
  inject: [join(packageDir, 'scripts/cjs-import-meta-url.mjs')],
  // Written inside Node's CommonJS wrapper, which the launcher compiles as the file is: wrapping
  // it at start-up was a 2 MB string concatenation V8 then copied flat (~1 ms of every start).
  banner: { js: CJS_WRAPPER_HEAD },
  footer: { js: '})' },
  metafile: true,
  plugins: [...BUNDLE_PLUGINS, asciiPageReaders, otherModesLeftOut],
});
const printBundle = Object.keys(print.metafile.outputs)
  .map((file) => basename(file))
  .find((name) => name.endsWith('.cjs'));
if (printBundle === undefined) throw new Error('esbuild wrote no print bundle.');
// The launcher reads it as Latin-1, which is its text only while every byte is ASCII.
const nonAscii = readFileSync(join(outdir, printBundle)).findIndex((byte) => byte > 0x7f);
if (nonAscii !== -1) throw new Error(`${printBundle} has a byte beyond ASCII at ${nonAscii}.`);

await build({
  ...common,
  // wave-claude (bin/wave-claude loads it) shares the chunks of the modes it uses.
  entryPoints: {
    'wave-main': 'src/bin.ts',
    'wave-claude': 'src/claude-headless/wave-claude-main.ts',
  },
  // Each file links its map (file.js.map), read only when WAVE_DEBUG turned Node's source maps
  // on (src/launcher/wave-launcher.ts): a stack then names the TypeScript sources, by path and
  // line (no copy of the sources in the maps; the lines are what a report needs). Print mode's
  // own bundle has none: with WAVE_DEBUG this bundle runs print mode too.
  sourcemap: 'linked',
  sourcesContent: false,
  splitting: true,
  format: 'esm',
  chunkNames: 'chunks/[name]-[hash]',
  // CommonJS dependencies call require() for Node's built-ins; give the ESM bundle one.
  banner: {
    js: "import { createRequire as __waveCreateRequire } from 'node:module'; const require = __waveCreateRequire(import.meta.url);",
  },
  plugins: BUNDLE_PLUGINS,
});

// The published bin (src/launcher/wave-launcher.ts), told the print bundle's name.
await build({
  ...common,
  entryPoints: { wave: 'src/launcher/wave-launcher.ts' },
  // What only a print run needs is a chunk of its own, loaded by it alone.
  splitting: true,
  chunkNames: 'chunks/launcher-[name]-[hash]',
  format: 'esm',
  define: { ...common.define, WAVE_PRINT_BUNDLE: JSON.stringify(`./${printBundle}`) },
});
