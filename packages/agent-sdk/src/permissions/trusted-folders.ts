// The folders the user trusted, in $WAVE_HOME/trusted-folders.json, and exactly what each was
// trusted with: a folder trusted with `allowedTools: Read` is not thereby trusted with
// `permissionMode: bypassPermissions` after a `git pull` adds it. Folders are keyed by their
// real path. The file is rewritten whole and atomically; one that cannot be read counts as empty
// (nothing is trusted by mistake) and the caller is told why.
import { errorCode } from '@wave-agent/shared-protocol';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { storageReason } from '../storage/storage-problem.js';
import { writeJsonAtomically } from '../storage/write-json-atomically.js';

const TrustedFoldersSchema = z.object({
  version: z.literal(1),
  folders: z.record(z.string(), z.object({ trustedAt: z.number(), granted: z.array(z.string()) })),
});

type TrustedFoldersFile = z.output<typeof TrustedFoldersSchema>;

export function trustedFoldersPath(waveHome: string): string {
  return join(waveHome, 'trusted-folders.json');
}

export interface TrustedFoldersRead {
  readonly file: TrustedFoldersFile;
  /** Why the file was not usable, as a sentence; absent when it was fine or missing. */
  readonly problem?: string;
}

export function readTrustedFolders(waveHome: string): TrustedFoldersRead {
  const path = trustedFoldersPath(waveHome);
  const empty: TrustedFoldersFile = { version: 1, folders: {} };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { file: empty };
    return {
      file: empty,
      problem: `Cannot read ${path} (${storageReason(error)}); no folder counts as trusted.`,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return {
      file: empty,
      problem: `${path} is not valid JSON; no folder counts as trusted until it is fixed or removed.`,
    };
  }
  const parsed = TrustedFoldersSchema.safeParse(json);
  if (!parsed.success) {
    return {
      file: empty,
      problem: `${path} is not a list of trusted folders Wave understands; no folder counts as trusted until it is fixed or removed.`,
    };
  }
  return { file: parsed.data };
}

/** What the user trusted this folder (a real path) with. */
export function grantedFor(file: TrustedFoldersFile, folder: string): ReadonlySet<string> {
  return new Set(file.folders[folder]?.granted ?? []);
}

/** Adds these requests to what the folder is trusted with. */
export async function rememberTrust(
  waveHome: string,
  folder: string,
  keys: readonly string[],
): Promise<void> {
  const { file } = readTrustedFolders(waveHome);
  const granted = new Set([...(file.folders[folder]?.granted ?? []), ...keys]);
  const next: TrustedFoldersFile = {
    version: 1,
    folders: { ...file.folders, [folder]: { trustedAt: Date.now(), granted: [...granted].sort() } },
  };
  await writeJsonAtomically(trustedFoldersPath(waveHome), next, 0o600);
}

/** Forgets a folder (a real path): nothing of it is trusted any more. False when it was not listed. */
export async function forgetTrust(waveHome: string, folder: string): Promise<boolean> {
  const { file } = readTrustedFolders(waveHome);
  if (!Object.hasOwn(file.folders, folder)) return false;
  const folders = Object.fromEntries(
    Object.entries(file.folders).filter(([listed]) => listed !== folder),
  );
  await writeJsonAtomically(trustedFoldersPath(waveHome), { version: 1, folders }, 0o600);
  return true;
}

/**
 * Forgets some of what a folder (a real path) was trusted with (`wave mcp reset-project-choices`
 * forgets its `.mcp.json` servers); the folder stays trusted with the rest. Returns the keys
 * forgotten.
 */
export async function forgetGrants(
  waveHome: string,
  folder: string,
  forget: (key: string) => boolean,
): Promise<readonly string[]> {
  const { file } = readTrustedFolders(waveHome);
  const entry = file.folders[folder];
  const forgotten = (entry?.granted ?? []).filter(forget);
  if (!entry || forgotten.length === 0) return [];
  const next: TrustedFoldersFile = {
    version: 1,
    folders: {
      ...file.folders,
      [folder]: { ...entry, granted: entry.granted.filter((key) => !forget(key)) },
    },
  };
  await writeJsonAtomically(trustedFoldersPath(waveHome), next, 0o600);
  return forgotten;
}
