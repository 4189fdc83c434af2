// esbuild plugins of the `wave` bundle (scripts/bundle.mjs): each swaps in less code than a
// dependency's own where Wave needs a part of it only.
import { dirname, join } from 'node:path';

/**
 * zod exports every locale it has as `z.locales` (over 250 files, 360 KB of bundled code, a fifth
 * of what print mode loads), so the bundle cannot drop the ones nobody uses. Wave's messages are
 * English and it never switches zod's locale: its locale list is English alone.
 */
export const zodEnglishOnly = {
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
export const jsoncParserEsm = {
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
export const gatewayErrorOnly = {
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
export const zod3EnumOnly = {
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

/**
 * zod's `z.fromJSONSchema` (JSON Schema to zod) builds a copy of zod's whole namespace when its
 * module loads: ~1.3 ms of every print start (issue 27), for a function only `-p --json-schema`
 * calls (MCP tools keep their JSON Schema as it is). The module is loaded at that first call.
 */
export const zodFromJsonSchemaOnFirstUse = {
  name: 'zod-from-json-schema-on-first-use',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\/from-json-schema\.js$/ }, (args) => {
      if (!/[\\/]zod[\\/]v4[\\/]classic[\\/]/.test(args.importer)) return undefined;
      return {
        path: 'from-json-schema',
        namespace: 'zod-from-json-schema-on-first-use',
        pluginData: args.resolveDir,
      };
    });
    // `wave -p --json-schema` reads its schema with it (print/structured-answer.ts): loaded
    // there, at its first call, by a require() the bundler resolves to zod's own file.
    pluginBuild.onLoad(
      { filter: /.*/, namespace: 'zod-from-json-schema-on-first-use' },
      (args) => ({
        contents:
          "export function fromJSONSchema(...args) {\n  return require('./from-json-schema.js').fromJSONSchema(...args);\n}",
        resolveDir: args.pluginData,
        loader: 'js',
      }),
    );
  },
};

/**
 * The `yaml` library parses the front matter of skill and command files (agent-sdk's
 * context/front-matter.ts), and most runs read none; loading it was ~2 ms of every start
 * (issue 27). There its `parse` is a function that loads the library at its first call: a
 * require() the bundler resolves (yaml's CommonJS build, initialised when first required).
 */
export const yamlOnFirstUse = {
  name: 'yaml-on-first-use',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^yaml$/ }, (args) => {
      if (!/[\\/]context[\\/]front-matter\.ts$/.test(args.importer)) return undefined;
      return { path: 'yaml', namespace: 'yaml-on-first-use', pluginData: args.resolveDir };
    });
    pluginBuild.onLoad({ filter: /.*/, namespace: 'yaml-on-first-use' }, (args) => ({
      contents: "export function parse(...args) {\n  return require('yaml').parse(...args);\n}",
      resolveDir: args.pluginData,
      loader: 'js',
    }));
  },
};

/** All of them, in the order the bundle applies them. */
/**
 * Print mode's bundle must be ASCII (the launcher reads it as Latin-1). esbuild escapes strings
 * but leaves a regular expression literal as written, and WebFetch's page readers have some
 * with `«`, `»` or `…` (Readability's "next page" links). Every non-ASCII character of those
 * packages' files is written as its `\uXXXX` escape, which means the same character in a string,
 * a regular expression, a template or an identifier.
 */
export const asciiPageReaders = {
  name: 'ascii-page-readers',
  setup(pluginBuild) {
    const packages =
      /[\\/]node_modules[\\/](@mozilla[\\/]readability|linkedom|turndown|@joplin[\\/]turndown-plugin-gfm|htmlparser2|entities|domutils|domhandler|dom-serializer|css-select|css-what|cssom|uhyphen|html-escaper|nth-check|boolbase|domelementtype)[\\/].*\.[cm]?js$/;
    pluginBuild.onLoad({ filter: packages }, async (args) => {
      const { readFile } = await import('node:fs/promises');
      const text = await readFile(args.path, 'utf8');
      // eslint-disable-next-line no-control-regex
      if (!/[^\x00-\x7f]/.test(text)) return undefined;
      const contents = text.replace(
        /[^\x00-\x7f]/g,
        (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
      return { contents, loader: 'js' };
    });
  },
};

export const BUNDLE_PLUGINS = [
  zodEnglishOnly,
  jsoncParserEsm,
  gatewayErrorOnly,
  zod3EnumOnly,
  zodFromJsonSchemaOnFirstUse,
  yamlOnFirstUse,
];
