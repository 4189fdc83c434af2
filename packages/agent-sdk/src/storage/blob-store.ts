// File contents by hash, in Wave's own folder: a snapshot (or an attachment) is written once
// however often it is taken, and nothing here ever touches the user's git. Used by the file
// checkpoints of /rewind and the attachment store.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function hashOf(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/** What a hash looks like: anything else (a path, `..`) is never looked up. */
const SHA256_HEX = /^[0-9a-f]{64}$/;

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

  /** The content, or undefined when no copy is kept (deleted, or a name that is not a hash). */
  find(hash: string): Buffer | undefined {
    if (!SHA256_HEX.test(hash)) return undefined;
    try {
      return readFileSync(join(this.dir, hash));
    } catch {
      return undefined;
    }
  }
}
