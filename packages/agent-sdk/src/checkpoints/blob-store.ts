// File contents by hash, in Wave's own folder: a snapshot is written once however often it is
// taken, and nothing here ever touches the user's git.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function hashOf(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

export class BlobStore {
  constructor(private readonly dir: string) {}

  put(content: Buffer): string {
    const hash = hashOf(content);
    const path = join(this.dir, hash);
    if (!existsSync(path)) {
      mkdirSync(this.dir, { recursive: true });
      const temp = `${path}.${process.pid}.tmp`;
      writeFileSync(temp, content);
      renameSync(temp, path);
    }
    return hash;
  }

  get(hash: string): Buffer {
    return readFileSync(join(this.dir, hash));
  }
}
