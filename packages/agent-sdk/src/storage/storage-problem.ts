// A file-system failure in Wave's own folder ($WAVE_HOME), as words a person can act on: what
// could not be written, where, why, and what to do. Never a stack trace: these are facts about
// the machine (a full disk, a read-only folder), not bugs.

import { errorText, errorCode } from '@wave-agent/shared-protocol';

const REASONS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EFBIG: 'the file reached the largest size this system allows',
  ENOENT: 'a folder on the way does not exist and could not be created',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'a folder is in the way',
  EEXIST: 'a file is in the way of a folder',
  EIO: 'the disk reported an input/output error',
  EMFILE: 'too many files are open',
};

/** Why a write failed, in a few words ("the disk is full"), with the system's code. */
export function storageReason(error: unknown): string {
  const code = errorCode(error);
  const known = code === undefined ? undefined : REASONS[code];
  if (known) return `${known} (${code})`;
  return errorText(error);
}

/** The warning shown when the session stops being saved; the conversation itself goes on. */
export function sessionNotSaved(path: string, error: unknown): string {
  return (
    `This session is not being saved: Wave could not write ${path} (${storageReason(error)}). ` +
    'The conversation goes on, but what follows will be missing when you resume it. ' +
    'Free some disk space or make the folder writable (WAVE_HOME chooses where Wave keeps sessions).'
  );
}

/** The warning shown when file checkpoints stop; /rewind cannot restore files changed after it. */
export function checkpointsNotSaved(path: string, error: unknown): string {
  return (
    `File checkpoints are off: Wave could not write ${path} (${storageReason(error)}). ` +
    'Files changed from now on cannot be put back with /rewind. ' +
    'Free some disk space or make the folder writable (WAVE_HOME chooses where Wave keeps them).'
  );
}
