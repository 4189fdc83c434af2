// /add-dir: a folder the user names for this session, checked before it widens the work folder.
// The typed path is the user's word (not the model's), but it is still a string from a prompt:
// it must exist and be a folder, and what is added is its real path (links resolved), the way
// the work-folder boundary compares paths.
import { stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { errorCode } from '@wave-agent/shared-protocol';
import { realPathOf } from '../tools/real-path.js';

export type AddedWorkFolder =
  { readonly ok: true; readonly folder: string } | { readonly ok: false; readonly problem: string };

/** The typed path as an absolute one: `~/x` is under the home folder, `x` under the work folder. */
function absolutePath(typed: string, workdir: string): string {
  if (typed === '~') return homedir();
  if (typed.startsWith('~/')) return join(homedir(), typed.slice(2));
  return isAbsolute(typed) ? typed : resolve(workdir, typed);
}

export async function checkedWorkFolder(typed: string, workdir: string): Promise<AddedWorkFolder> {
  const trimmed = typed.trim();
  if (trimmed === '')
    return {
      ok: false,
      problem: 'Type the folder to add after /add-dir, e.g. /add-dir ../shared.',
    };
  const path = absolutePath(trimmed, workdir);
  try {
    const stats = await stat(path);
    if (!stats.isDirectory())
      return { ok: false, problem: `${path} is a file, not a folder: name a folder to add.` };
  } catch (error) {
    const code = errorCode(error);
    return {
      ok: false,
      problem:
        code === 'ENOENT' || code === 'ENOTDIR'
          ? `There is no folder ${path}: check the path (a relative one starts at ${workdir}).`
          : `${path} could not be read (${code ?? 'unknown error'}): check its permissions.`,
    };
  }
  return { ok: true, folder: await realPathOf(path) };
}
