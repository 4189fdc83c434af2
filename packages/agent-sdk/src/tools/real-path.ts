// Where a path really leads: every symbolic link resolved. The work-folder boundary is decided
// on real paths, never on the strings the model wrote, so `link → /outside` inside the folder
// is outside. A path that does not exist yet (a file Write will create) is its nearest existing
// parent's real path plus the rest; a dangling link is followed to where it points.
import { lstat, readlink, realpath } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { errorCode } from './error-details.js';

/** Links followed by hand before giving up, as the kernel does (ELOOP). */
const MAX_LINK_HOPS = 40;

export async function realPathOf(absolutePath: string, hops = 0): Promise<string> {
  try {
    return await realpath(absolutePath);
  } catch (error) {
    const code = errorCode(error);
    if (code !== 'ENOENT' && code !== 'ENOTDIR') return absolutePath;
  }
  // realpath failed with ENOENT/ENOTDIR: a path that lstat cannot see either is simply not a link.
  const stats = await lstat(absolutePath).catch(() => undefined);
  if (stats?.isSymbolicLink() && hops < MAX_LINK_HOPS) {
    const target = await readlink(absolutePath);
    return realPathOf(resolve(dirname(absolutePath), target), hops + 1);
  }
  const parent = dirname(absolutePath);
  if (parent === absolutePath) return absolutePath;
  return join(await realPathOf(parent, hops), basename(absolutePath));
}
