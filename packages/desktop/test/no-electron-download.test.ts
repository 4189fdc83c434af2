// `pnpm install` never downloads Electron's binary, and nothing here fetches it later by
// accident: pnpm runs no build script of electron or of what it depends on (none is allowed in
// pnpm-workspace.yaml, and none of them has an install script to run), no workspace package has
// an install hook, and only the two entries Electron itself runs import the `electron` module
// (whose first require() outside Electron would download the binary); the rest take its types.
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const here = fileURLToPath(new URL('..', import.meta.url));
/** What pnpm runs of an installed package (a registry package's `prepare` is not run). */
const DEPENDENCY_HOOKS = ['preinstall', 'install', 'postinstall'];
/** What `pnpm install` runs of the workspace's own packages. */
const WORKSPACE_HOOKS = [...DEPENDENCY_HOOKS, 'prepare'];

interface Manifest {
  name: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
}

function manifestAt(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
}

function hooksOf(manifest: Manifest, hooks: readonly string[]): string[] {
  return hooks.filter((hook) => manifest.scripts?.[hook] !== undefined);
}

/** Where Node finds package `name` from folder `from` (pnpm links each one's dependencies). */
function packageDir(name: string, from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) throw new Error(`${name} is not installed (looked from ${from}).`);
  }
}

/** The names pnpm-workspace.yaml lets run build scripts (`name: true` under allowBuilds). */
function allowedBuilds(): string[] {
  const yaml = readFileSync(join(repo, 'pnpm-workspace.yaml'), 'utf8');
  const block = /^allowBuilds:\n((?:[ \t]+.*\n|[ \t]*#.*\n|\n)*)/m.exec(yaml)?.[1] ?? '';
  return [...block.matchAll(/^[ \t]+'?([^':#\s]+)'?:\s*true\b/gm)].map((match) => match[1] ?? '');
}

/** electron and every package it depends on, by name, with its folder (as pnpm installed them). */
function electronAndItsDependencies(): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (name: string, from: string): void => {
    if (found.has(name)) return;
    const dir = packageDir(name, from);
    found.set(name, dir);
    for (const dependency of Object.keys(manifestAt(dir).dependencies ?? {}))
      visit(dependency, dir);
  };
  visit('electron', here);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('installing never downloads Electron', () => {
  it('runs no build script of electron or its dependencies, and they have none to run', () => {
    const packages = electronAndItsDependencies();
    expect(packages.has('@electron/get')).toBe(true);
    const allowed = allowedBuilds();
    expect(allowed).toContain('esbuild');
    expect(allowed.filter((name) => packages.has(name))).toEqual([]);
    expect(
      /onlyBuiltDependencies|neverBuiltDependencies/.test(
        readFileSync(join(repo, 'pnpm-workspace.yaml'), 'utf8'),
      ),
    ).toBe(false);
    const withHooks = [...packages].filter(
      ([, dir]) => hooksOf(manifestAt(dir), DEPENDENCY_HOOKS).length > 0,
    );
    expect(withHooks.map(([name]) => name)).toEqual([]);
  });

  it('has no install hook in any workspace package', () => {
    const folders = [
      repo,
      ...['packages', 'tools'].flatMap((group) =>
        readdirSync(join(repo, group)).map((name) => join(repo, group, name)),
      ),
    ];
    const hooked = folders
      .filter((dir) => hooksOf(manifestAt(dir), WORKSPACE_HOOKS).length > 0)
      .map((dir) => relative(repo, dir));
    expect(folders.length).toBeGreaterThan(5);
    expect(hooked).toEqual([]);
  });

  it('loads the electron module only in the entries Electron runs; everything else takes types', () => {
    const importers = [...sourceFiles(join(here, 'src')), ...sourceFiles(join(here, 'test'))]
      .filter((file) => /^import(?! type)[^;]*from 'electron';/m.test(readFileSync(file, 'utf8')))
      .map((file) => relative(here, file))
      .sort();
    expect(importers).toEqual(['src/main/main.ts', 'src/preload/preload.ts']);
  });
});
