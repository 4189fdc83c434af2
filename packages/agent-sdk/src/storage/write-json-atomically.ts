// Writes a JSON file so that a reader sees the old content or the new, never half of either:
// the text goes to a temporary file in the same directory, which is then renamed over the target.
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export async function writeJsonAtomically(
  path: string,
  value: unknown,
  mode = 0o644,
): Promise<void> {
  await writeTextAtomically(path, `${JSON.stringify(value, null, 2)}\n`, mode);
}

/** The same for text already made (a JSONC file edited with its comments kept). */
export async function writeTextAtomically(path: string, text: string, mode = 0o644): Promise<void> {
  const directory = dirname(path);
  await mkdir(directory, { recursive: true });
  const temporary = join(directory, `.${basename(path)}.${process.pid}.${randomUUID()}.tmp`);
  try {
    await writeFile(temporary, text, { mode, flag: 'wx' });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
