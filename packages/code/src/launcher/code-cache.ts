// A CommonJS bundle loaded through V8's code cache: the compiled code of its first run is kept in
// a file, and later runs take it instead of compiling the bundle again (issue 27: compiling was
// the largest part of print mode's time to the first byte; Node 20 has no compile cache of its
// own). The cache is an optimisation only, so every doubt about a file falls back to compiling:
// a missing, unreadable, corrupt or rejected cache is not used, and the run writes a new one. A
// cache file's name carries the bundle's name (which carries its content hash), Node's version,
// the architecture and Node's flags; its content is checked against a CRC-32 before V8 sees it
// (V8 checks its own version and flags, not every byte of what it deserialises; a CRC finds a
// torn or damaged file, and the folder is the user's own, so no stranger writes there).
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script, constants as vmConstants } from 'node:vm';
import * as zlib from 'node:zlib';

const CHECK_BYTES = 4;
/** How a CommonJS module begins inside Node's wrapper (closed by `})`). */
const CJS_WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) {';
const CACHE_SUFFIX = '.v8cache';
/** Caches kept in the folder (other builds' and Node versions' too): at most a few MB. */
const MOST_CACHES = 4;

/** zlib.crc32 (Node 20.15, 22.2): without it (Node 22.0) there is no cache. */
const crc32: ((data: Uint8Array) => number) | undefined = Reflect.get(zlib, 'crc32');

function checked(data: Buffer): Buffer {
  const check = Buffer.alloc(CHECK_BYTES);
  check.writeUInt32LE(crc32?.(data) ?? 0);
  return Buffer.concat([check, data]);
}

/** What a loaded bundle exported, and how the cache fared. */
export interface CachedBundle {
  readonly exports: Record<string, unknown>;
  /** 'used': the cache was taken; otherwise why not ('off': no cache folder). */
  readonly cache: 'used' | 'missing' | 'corrupt' | 'rejected' | 'off';
  /** Writes the cache from the code compiled so far, when this run had none usable. */
  saveCache(): void;
}

/** The cache file of `bundleFile` under `cacheDir`, for this Node and its flags. */
export function cacheFileFor(bundleFile: string, cacheDir: string): string {
  const flags = createHash('sha256')
    .update(JSON.stringify([process.execArgv, process.env.NODE_OPTIONS ?? '']))
    .digest('hex')
    .slice(0, 12);
  const runtime = `${process.version}-${process.arch}-${flags}`;
  return join(cacheDir, `${basename(bundleFile)}.${runtime}${CACHE_SUFFIX}`);
}

function readCache(file: string): { data?: Buffer; state: 'found' | 'missing' | 'corrupt' } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return { state: 'missing' };
  }
  const data = bytes.subarray(CHECK_BYTES);
  const intact = bytes.length > CHECK_BYTES && crc32?.(data) === bytes.readUInt32LE(0);
  return intact ? { data, state: 'found' } : { state: 'corrupt' };
}

/** Written whole or not at all (a temporary file renamed); the oldest caches beyond a few go. */
function writeCache(file: string, data: Buffer): void {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, checked(data), { mode: 0o600 });
  renameSync(temporary, file);
  const caches = readdirSync(dir)
    .filter((name) => name.endsWith(CACHE_SUFFIX))
    .map((name) => ({ path: join(dir, name), used: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  for (const old of caches.slice(MOST_CACHES)) rmSync(old.path, { force: true });
}

/**
 * Loads the CommonJS bundle `bundleFile` (compiled as a function, as Node's own loader does)
 * with the code cache in `cacheDir`; undefined `cacheDir`: no cache. The bundle is ASCII (the
 * build checks it), read as Latin-1. Never writes beside the bundle or in the working folder.
 */
export function loadCachedBundle(bundleFile: string, cacheDir: string | undefined): CachedBundle {
  const source = readFileSync(bundleFile, 'latin1');
  const cacheFile =
    cacheDir === undefined || crc32 === undefined ? undefined : cacheFileFor(bundleFile, cacheDir);
  const found = cacheFile === undefined ? undefined : readCache(cacheFile);
  // Node's own CommonJS wrapper. (Parenthesised, V8 compiles the wrapper itself at once; its
  // inner functions stay lazy. Measured: no slower than any other wrapping, cached or not.)
  // scripts/bundle.mjs writes print mode's bundle inside it already, compiled as it is read:
  // wrapping 2 MB here made a string V8 then copied flat, ~1 ms of every start (issue 27).
  const wrapped = source.startsWith(CJS_WRAPPER_HEAD) ? source : `${CJS_WRAPPER_HEAD}${source}\n})`;
  const script = new Script(wrapped, {
    filename: bundleFile,
    ...(found?.data ? { cachedData: found.data } : {}),
    // The bundle's import() of Node's built-ins goes through Node's own loader.
    importModuleDynamically: vmConstants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const cache: CachedBundle['cache'] =
    found === undefined
      ? 'off'
      : found.state !== 'found'
        ? found.state
        : script.cachedDataRejected === true
          ? 'rejected'
          : 'used';
  const module = { exports: {} as Record<string, unknown> };
  const factory: unknown = script.runInThisContext();
  if (typeof factory !== 'function') throw new Error(`${bundleFile} is not a CommonJS bundle.`);
  const cjsArguments = [module.exports, createRequire(bundleFile), module, bundleFile];
  Reflect.apply(factory, undefined, [...cjsArguments, dirname(bundleFile)]);
  return {
    exports: module.exports,
    cache,
    saveCache() {
      if (cacheFile === undefined || cache === 'used') return;
      try {
        writeCache(cacheFile, script.createCachedData());
      } catch {
        // A cache that cannot be written (a read-only or full disk) leaves the next run to
        // compile as this one did; the run itself, and its output, are not the cache's.
      }
    },
  };
}
