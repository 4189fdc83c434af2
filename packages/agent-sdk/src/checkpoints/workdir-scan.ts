// The files of a working directory, for a snapshot before a command runs: bounded, so a huge
// tree costs a bounded time, and the result says when it was cut.
import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const SCAN_LIMITS = {
  maxFiles: 5000,
  maxFileBytes: 2 * 1024 * 1024,
  maxTotalBytes: 100 * 1024 * 1024,
};

export interface ScannedFile {
  readonly path: string;
  readonly content: Buffer;
}

export interface WorkdirScan {
  readonly files: readonly ScannedFile[];
  /** False when a limit was hit: files outside the scan cannot be restored or deleted safely. */
  readonly complete: boolean;
}

export async function scanWorkdir(workdir: string, limits = SCAN_LIMITS): Promise<WorkdirScan> {
  // Loaded with the first scan, not at start-up (a session without a command to checkpoint never needs it).
  const { glob } = await import('tinyglobby');
  const relative = await glob(['**/*'], {
    cwd: workdir,
    dot: true,
    onlyFiles: true,
    followSymbolicLinks: false,
    ignore: ['**/.git/**', '**/node_modules/**'],
  });
  relative.sort();
  const files: ScannedFile[] = [];
  let total = 0;
  let complete = relative.length <= limits.maxFiles;
  for (const name of relative.slice(0, limits.maxFiles)) {
    const path = join(workdir, name);
    try {
      // Only regular files: a link may lead out of the folder, and reading a FIFO or a device
      // would block or never end. Neither is content a command's snapshot can restore.
      const stats = lstatSync(path);
      if (!stats.isFile()) continue;
      const size = stats.size;
      if (size > limits.maxFileBytes || total + size > limits.maxTotalBytes) {
        complete = false;
        continue;
      }
      total += size;
      files.push({ path, content: readFileSync(path) });
    } catch {
      complete = false; // Vanished or unreadable while scanning: the scan is not the whole tree.
    }
  }
  return { files, complete };
}
