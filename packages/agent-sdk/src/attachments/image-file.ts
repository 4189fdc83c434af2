// Whether a mentioned path is an image file of the work folder, decided at once (synchronously)
// when a message is sent, so a message mentioning an image the model cannot take is refused
// before anything is sent or queued. Only a regular file inside the work folder (real paths) is
// opened, without waiting on a pipe, and only its first bytes are read.
import { closeSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { READ_NO_WAIT } from '../tools/file-kind.js';
import { isWithin, resolveToolPath } from '../tools/paths.js';
import { sniffImage } from './image-kind.js';

function realOrUndefined(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

export function isWorkFolderImage(workdir: string, written: string): boolean {
  const real = realOrUndefined(resolveToolPath(workdir, written));
  const folder = realOrUndefined(workdir);
  if (real === undefined || folder === undefined || !isWithin(folder, real)) return false;
  if (!statSync(real, { throwIfNoEntry: false })?.isFile()) return false;
  const head = Buffer.alloc(16);
  let fd: number | undefined;
  try {
    fd = openSync(real, READ_NO_WAIT);
    const read = readSync(fd, head, 0, head.length, 0);
    return sniffImage(head.subarray(0, read)) !== undefined;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
