// Tools read and write regular files only. A named pipe blocks whoever opens it until someone is
// at the other end, a device may never end (/dev/zero), and a socket cannot be opened at all, so
// these are refused by name before anything opens them; opens also pass O_NONBLOCK, so a file
// swapped for a pipe after the check fails instead of hanging.
import type { Stats } from 'node:fs';
import { constants } from 'node:fs';

/** Open flags for reading that never wait on a pipe's writer. */
export const READ_NO_WAIT = constants.O_RDONLY | constants.O_NONBLOCK;
/** Open flags for replacing a file's content that never wait on a pipe's reader. */
export const WRITE_NO_WAIT =
  constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NONBLOCK;

function kindOf(stats: Stats): string {
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/** Why a tool will not touch this path, or undefined for a regular file (or a directory). */
export function notARegularFile(shownPath: string, stats: Stats, tool: string): string | undefined {
  if (stats.isFile() || stats.isDirectory()) return undefined;
  return `${shownPath} is ${kindOf(stats)}, not a regular file; ${tool} works on regular files only, because reading or writing this could block or never end. Use Bash if you really need it.`;
}
