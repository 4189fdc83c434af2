// Bundles the `wave` executable with esbuild: src/bin.ts and everything it imports (workspace
// packages and npm dependencies alike) become one ESM entry file, plus one chunk per dynamic
// import, so start-up reads a few files instead of resolving and compiling hundreds of modules,
// and a mode loads only what it uses (print mode never loads Ink, React or the markdown renderer).
// Usage: node scripts/bundle.mjs [outdir]   (default dist/bundle; the published bin lives there)
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const outdir = process.argv[2] ?? `${packageDir}dist/bundle`;

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: packageDir,
  entryPoints: { wave: 'src/bin.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  chunkNames: 'chunks/[name]-[hash]',
  // Workspace packages from their TypeScript sources, as the dev launcher runs them.
  conditions: ['@wave-agent/source'],
  define: { 'process.env.NODE_ENV': '"production"' },
  // Ink imports React DevTools (its own chunk) only when DEV=true; not a dependency of ours.
  external: ['react-devtools-core'],
  // CommonJS dependencies call require() for Node's built-ins; give the ESM bundle one.
  banner: {
    js: "import { createRequire as __waveCreateRequire } from 'node:module'; const require = __waveCreateRequire(import.meta.url);",
  },
  jsx: 'automatic',
  legalComments: 'linked',
  logLevel: 'warning',
});
