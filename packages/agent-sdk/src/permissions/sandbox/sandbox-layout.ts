// What a sandboxed command may reach, as absolute real paths: the folders it may write, the
// credential paths hidden from it, and the ones it may read after all. Both bubblewrap's
// arguments and the macOS profile are made from this one layout.
import { existsSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { SandboxSettings } from './sandbox-settings.js';
import { CREDENTIAL_PATHS } from './sandbox-settings.js';

export interface HiddenPath {
  readonly path: string;
  readonly isDirectory: boolean;
}

export interface SandboxLayout {
  readonly workdir: string;
  readonly tempFolder: string;
  /** Real paths commands may write (work folder, temp folder, allowWrite), existing ones only. */
  readonly writable: readonly string[];
  /** Credential paths that exist, hidden (an empty folder, or an empty file). */
  readonly hidden: readonly HiddenPath[];
  /** allowRead paths that lie inside a hidden one: shown again, read-only. */
  readonly readable: readonly string[];
  readonly network: boolean;
}

export interface LayoutPlaces {
  readonly workdir: string;
  readonly tempFolder: string;
  readonly waveHome: string;
  readonly home: string;
}

/** Whether `path` is `folder` or inside it. */
export function isInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

function realOrUndefined(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/** `~` and relative paths of a setting, against the home folder and the work folder. */
export function expandPath(path: string, home: string, workdir: string): string {
  if (path === '~') return home;
  if (path.startsWith('~/')) return join(home, path.slice(2));
  return resolve(workdir, path);
}

export function sandboxLayout(settings: SandboxSettings, places: LayoutPlaces): SandboxLayout {
  const { home } = places;
  const expand = (path: string) => expandPath(path, home, places.workdir);
  const writable = [
    places.workdir,
    places.tempFolder,
    ...(settings.allowWrite ?? []).map(expand),
  ].flatMap((path) => realOrUndefined(path) ?? []);
  const allowRead = (settings.allowRead ?? []).flatMap(
    (path) => realOrUndefined(expand(path)) ?? [],
  );
  const candidates = [places.waveHome, ...CREDENTIAL_PATHS.map((path) => join(home, path))];
  const hidden: HiddenPath[] = [];
  for (const candidate of candidates) {
    if (!existsSync(candidate)) continue;
    const path = realOrUndefined(candidate);
    if (path === undefined || hidden.some((known) => known.path === path)) continue;
    // Listed in allowRead (or inside a listed folder): not hidden at all.
    if (allowRead.some((allowed) => isInside(path, allowed))) continue;
    hidden.push({ path, isDirectory: statSync(path).isDirectory() });
  }
  const readable = allowRead.filter((path) => hidden.some((known) => isInside(path, known.path)));
  return {
    workdir: places.workdir,
    tempFolder: places.tempFolder,
    writable: [...new Set(writable)],
    hidden,
    readable,
    network: settings.network === true,
  };
}
