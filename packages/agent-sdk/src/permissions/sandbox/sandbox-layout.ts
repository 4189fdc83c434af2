// What a sandboxed command may reach, as absolute real paths: the folders it may write, what
// stays read-only inside them (protected-paths.ts), the credential paths and socket places
// hidden from it, and the ones it may reach after all. Both bubblewrap's arguments and the
// macOS profile are made from this one layout.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ProtectedPath } from './protected-paths.js';
import { protectedPaths } from './protected-paths.js';
import { expandPath, isInside, realOrUndefined } from './sandbox-paths.js';
import type { SandboxSettings } from './sandbox-settings.js';
import { CREDENTIAL_PATHS } from './sandbox-settings.js';
import { socketPlaces } from './socket-places.js';

export { expandPath, isInside } from './sandbox-paths.js';

export interface HiddenPath {
  readonly path: string;
  readonly isDirectory: boolean;
}

export interface SandboxLayout {
  readonly workdir: string;
  /** The session's temp folder: the sandbox's /tmp. */
  readonly tempFolder: string;
  /** Real paths commands may write (work folder, allowWrite), existing ones only. */
  readonly writable: readonly string[];
  /** Read-only inside the writable folders: Git's folder, Wave's and Claude Code's settings. */
  readonly protected: readonly ProtectedPath[];
  /** Credential paths and socket places that exist, hidden (an empty folder, or an empty file). */
  readonly hidden: readonly HiddenPath[];
  /**
   * Paths shown again, read-only, after the covers: allowRead and allowUnixSockets paths inside
   * a hidden one or the host's /tmp (which the session's own covers).
   */
  readonly readable: readonly string[];
  readonly network: boolean;
}

export interface LayoutPlaces {
  readonly workdir: string;
  readonly tempFolder: string;
  readonly waveHome: string;
  readonly home: string;
  /** Where the SSH agent's socket and the runtime folder are ($SSH_AUTH_SOCK, $XDG_RUNTIME_DIR). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export function sandboxLayout(settings: SandboxSettings, places: LayoutPlaces): SandboxLayout {
  const { home } = places;
  const expand = (path: string) => expandPath(path, home, places.workdir);
  const real = (paths: readonly string[] | undefined) =>
    (paths ?? []).flatMap((path) => realOrUndefined(expand(path)) ?? []);
  const writable = [...new Set(real([places.workdir, ...(settings.allowWrite ?? [])]))];
  const allowRead = real(settings.allowRead);
  const allowSockets = real(settings.allowUnixSockets);
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
  for (const place of socketPlaces(places.env ?? {}, allowSockets))
    if (!hidden.some((known) => isInside(place.path, known.path))) hidden.push(place);
  const isHidden = (path: string) => hidden.some((known) => isInside(path, known.path));
  // The host's /tmp is covered by the session's own: what is named there is shown again.
  const covered = (path: string) => isHidden(path) || isInside(path, '/tmp');
  const readable = [...allowRead.filter(covered), ...allowSockets.filter(covered)];
  // What a hidden path covers is out of reach already (and must not be shown again read-only).
  const workdir = realOrUndefined(places.workdir) ?? places.workdir;
  const kept = protectedPaths(writable, workdir).filter((entry) => !isHidden(entry.path));
  return {
    workdir: places.workdir,
    tempFolder: realOrUndefined(places.tempFolder) ?? places.tempFolder,
    writable,
    protected: kept,
    hidden,
    readable,
    network: settings.network === true,
  };
}
