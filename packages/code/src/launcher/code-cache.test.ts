import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheFileFor, loadCachedBundle } from './code-cache.js';

/** A CommonJS bundle with a few functions, as esbuild writes one (ASCII). */
function bundleSource(answer: number): string {
  return [
    "'use strict';",
    'function twice(value) { return value * 2; }',
    `exports.answer = () => twice(${answer / 2});`,
    'exports.where = __filename;',
    "exports.path = require('node:path').sep;",
    '',
  ].join('\n');
}

let root: string;
let cacheDir: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'wave-code-cache-'));
  cacheDir = join(root, 'cache', 'wave', 'code-cache');
  writeFileSync(join(root, 'placeholder'), '');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

function writeBundle(name: string, source: string): string {
  const file = join(root, name);
  writeFileSync(file, source);
  return file;
}

function answerOf(exports: Record<string, unknown>): unknown {
  const answer = exports.answer;
  return typeof answer === 'function' ? Reflect.apply(answer, undefined, []) : undefined;
}

describe('loadCachedBundle', () => {
  it('runs a bundle written inside the CommonJS wrapper (as print mode is built) as it is', () => {
    const head = '(function (exports, require, module, __filename, __dirname) {';
    const file = writeBundle('print-WRAP.cjs', `${head}\n${bundleSource(42)}})\n/*! legal */\n`);
    const first = loadCachedBundle(file, cacheDir);
    expect(answerOf(first.exports)).toBe(42);
    expect(first.exports.where).toBe(file);
    first.saveCache();
    const second = loadCachedBundle(file, cacheDir);
    expect(second.cache).toBe('used');
    expect(answerOf(second.exports)).toBe(42);
  });

  it('runs the bundle as CommonJS, then takes the cache the first run wrote', () => {
    const file = writeBundle('print-AAAA.cjs', bundleSource(42));
    const first = loadCachedBundle(file, cacheDir);
    expect(first.cache).toBe('missing');
    expect(answerOf(first.exports)).toBe(42);
    expect(first.exports.where).toBe(file);
    expect(first.exports.path).toBe(join('a', 'b').charAt(1));
    first.saveCache();
    expect(readdirSync(cacheDir)).toEqual([basename(cacheFileFor(file, cacheDir))]);

    const second = loadCachedBundle(file, cacheDir);
    expect(second.cache).toBe('used');
    expect(answerOf(second.exports)).toBe(42);
  });

  it('writes nothing beside the bundle or anywhere but the cache folder', () => {
    const file = writeBundle('print-AAAA.cjs', bundleSource(42));
    const before = readdirSync(root).sort();
    loadCachedBundle(file, cacheDir).saveCache();
    expect(readdirSync(root).sort()).toEqual([...before, 'cache'].sort());
  });

  it('without a cache folder, runs the bundle and writes no cache', () => {
    const file = writeBundle('print-AAAA.cjs', bundleSource(42));
    const loaded = loadCachedBundle(file, undefined);
    expect(loaded.cache).toBe('off');
    expect(answerOf(loaded.exports)).toBe(42);
    loaded.saveCache();
    expect(readdirSync(root)).not.toContain('cache');
  });

  it("does not take another build's cache: a new bundle compiles and writes its own", () => {
    const old = writeBundle('print-AAAA.cjs', bundleSource(42));
    loadCachedBundle(old, cacheDir).saveCache();
    const file = writeBundle('print-BBBB.cjs', bundleSource(64));
    const loaded = loadCachedBundle(file, cacheDir);
    expect(loaded.cache).toBe('missing');
    expect(answerOf(loaded.exports)).toBe(64);
    loaded.saveCache();
    expect(loadCachedBundle(file, cacheDir).cache).toBe('used');
  });

  it('falls back when V8 rejects the cache (the bundle changed under its name) and replaces it', () => {
    const file = writeBundle('print-AAAA.cjs', bundleSource(42));
    loadCachedBundle(file, cacheDir).saveCache();
    writeFileSync(file, `${bundleSource(1000)}// longer\n`);
    const loaded = loadCachedBundle(file, cacheDir);
    expect(loaded.cache).toBe('rejected');
    expect(answerOf(loaded.exports)).toBe(1000);
    loaded.saveCache();
    expect(loadCachedBundle(file, cacheDir).cache).toBe('used');
  });

  it('falls back on a damaged cache file, never hands it to V8, and replaces it', () => {
    const file = writeBundle('print-AAAA.cjs', bundleSource(42));
    loadCachedBundle(file, cacheDir).saveCache();
    const cacheFile = cacheFileFor(file, cacheDir);
    const damaged = Buffer.from(readFileSync(cacheFile));
    for (let i = 8; i < damaged.length; i += 7) damaged[i] = (damaged[i] ?? 0) ^ 0xff;
    writeFileSync(cacheFile, damaged);
    const loaded = loadCachedBundle(file, cacheDir);
    expect(loaded.cache).toBe('corrupt');
    expect(answerOf(loaded.exports)).toBe(42);
    loaded.saveCache();
    expect(loadCachedBundle(file, cacheDir).cache).toBe('used');

    writeFileSync(cacheFile, Buffer.from([1, 2]));
    expect(loadCachedBundle(file, cacheDir).cache).toBe('corrupt');
  });

  it('keeps a cache per Node flags, and at most four caches in the folder', () => {
    const file = writeBundle('print-AAAA.cjs', bundleSource(42));
    const options = process.env.NODE_OPTIONS;
    try {
      process.env.NODE_OPTIONS = '--max-old-space-size=4096';
      const withFlags = cacheFileFor(file, cacheDir);
      delete process.env.NODE_OPTIONS;
      expect(cacheFileFor(file, cacheDir)).not.toBe(withFlags);
    } finally {
      if (options === undefined) delete process.env.NODE_OPTIONS;
      else process.env.NODE_OPTIONS = options;
    }
    const names = ['print-A1.cjs', 'print-A2.cjs', 'print-A3.cjs', 'print-A4.cjs', 'print-A5.cjs'];
    names.forEach((name, age) => {
      const each = writeBundle(name, bundleSource(42));
      loadCachedBundle(each, cacheDir).saveCache();
      // Written one after another, older first (the file system's clock may be coarse).
      const when = new Date(Date.now() - (names.length - age) * 60_000);
      utimesSync(cacheFileFor(each, cacheDir), when, when);
    });
    loadCachedBundle(file, cacheDir).saveCache();
    const kept = readdirSync(cacheDir).map((name) => name.split('.cjs.')[0]);
    expect(kept.sort()).toEqual(['print-A3', 'print-A4', 'print-A5', 'print-AAAA']);
  });
});
