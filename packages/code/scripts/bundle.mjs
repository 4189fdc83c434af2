// Bundles the `wave` executable with esbuild: src/bin.ts and everything it imports (workspace
// packages and npm dependencies alike) become one ESM entry file, plus one chunk per dynamic
// import, so start-up reads a few files instead of resolving and compiling hundreds of modules,
// and a mode loads only what it uses (print mode never loads Ink, React or the markdown renderer).
// Usage: node scripts/bundle.mjs [outdir]   (default dist/bundle; the published bin lives there)
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const outdir = process.argv[2] ?? `${packageDir}dist/bundle`;

/**
 * zod exports every locale it has as `z.locales` (over 250 files, 360 KB of bundled code, a fifth
 * of what print mode loads), so the bundle cannot drop the ones nobody uses. Wave's messages are
 * English and it never switches zod's locale: its locale list is English alone.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => {
      if (!/[\\/]zod[\\/]v4[\\/]/.test(args.importer)) return undefined;
      const localesDir = join(dirname(args.importer), '../locales');
      return { path: 'english-only', namespace: 'zod-locales', pluginData: { localesDir } };
    });
    pluginBuild.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: args.pluginData.localesDir,
    }));
  },
};

/**
 * jsonc-parser's `main` is a UMD build whose factory calls require('./impl/…') at run time, which
 * a bundle cannot follow (the published bin failed at start with "Cannot find module
 * './impl/format'"); its ESM build, under `module`, imports them statically.
 */
const jsoncParserEsm = {
  name: 'jsonc-parser-esm',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^jsonc-parser$/ }, (args) =>
      pluginBuild.resolve('jsonc-parser/lib/esm/main.js', {
        kind: args.kind,
        resolveDir: args.resolveDir,
      }),
    );
  },
};

/**
 * `ai/internal` (the AI SDK functions model-call.ts uses) imports one thing from the AI Gateway
 * provider: GatewayError, whose `isInstance` lets its retry helper retry the gateway's errors.
 * esbuild cannot drop the rest of that package (its top level creates the gateway provider), so
 * every start-up compiled 125 KB of gateway and OIDC code Wave never runs (it talks to providers
 * directly and never creates the gateway). Here the import gets a GatewayError whose `isInstance`
 * is the package's own check (its marker symbol): no error Wave can meet is told apart differently.
 */
const gatewayErrorOnly = {
  name: 'gateway-error-only',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^@ai-sdk\/gateway$/ }, (args) => {
      if (!/[\\/]ai[\\/]dist[\\/]internal[\\/]/.test(args.importer)) return undefined;
      return { path: 'gateway-error', namespace: 'gateway-error-only' };
    });
    pluginBuild.onLoad({ filter: /.*/, namespace: 'gateway-error-only' }, () => ({
      contents: [
        "const marker = Symbol.for('vercel.ai.gateway.error');",
        'export class GatewayError extends Error {',
        '  static isInstance(error) {',
        "    return typeof error === 'object' && error !== null && marker in error && error[marker] === true;",
        '  }',
        '}',
      ].join('\n'),
      loader: 'js',
    }));
  },
};

/**
 * @ai-sdk/provider-utils imports one name from zod 3 (`zod/v3`, 116 KB bundled, compiled at every
 * start): ZodFirstPartyTypeKind, an enum whose every member's value is its own name
 * ("ZodString"), read member by member in its converter of zod 3 schemas to JSON Schema. Wave's
 * schemas are zod 4 (and MCP tools bring JSON Schema), so that converter never runs here; the
 * import gets an object that answers each member with its name, as the enum does.
 */
const zod3EnumOnly = {
  name: 'zod3-enum-only',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^zod\/v3$/ }, (args) => {
      if (!/[\\/]@ai-sdk[\\/]provider-utils[\\/]/.test(args.importer)) return undefined;
      return { path: 'zod3-enum', namespace: 'zod3-enum-only' };
    });
    pluginBuild.onLoad({ filter: /.*/, namespace: 'zod3-enum-only' }, () => ({
      contents:
        'export const ZodFirstPartyTypeKind = new Proxy({}, { get: (_target, name) => name });',
      loader: 'js',
    }));
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: packageDir,
  entryPoints: { 'wave-main': 'src/bin.ts' },
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
  plugins: [zodEnglishOnly, jsoncParserEsm, gatewayErrorOnly, zod3EnumOnly],
});

/**
 * The published bin, in front of the bundle: Node's compile cache on (where the running Node has
 * it, 22.1 and later; a no-op on 20) before the bundle is loaded, so a start-up after the first
 * reads the compiled code from disk instead of compiling the bundle again (issue 27: compiling
 * the bundle was the largest part of the time to the first byte). NODE_DISABLE_COMPILE_CACHE=1
 * turns it off.
 */
writeFileSync(
  join(outdir, 'wave.js'),
  [
    '#!/usr/bin/env node',
    "import module from 'node:module';",
    'module.enableCompileCache?.();',
    "await import('./wave-main.js');",
    '',
  ].join('\n'),
);
