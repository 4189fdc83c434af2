// Where attachments' content is kept: by content hash under `$WAVE_HOME/attachments/`, so a
// session line holds only the block's `ref`, the same pasted image is kept once, and a resumed
// session sends the model what it saw then. An agent that writes no session keeps them in memory.
import { join } from 'node:path';
import { BlobStore, hashOf } from '../storage/blob-store.js';

export interface AttachmentStore {
  /** Keeps the bytes; returns their ref (the sha-256, hex). */
  put(content: Buffer): string;
  /** The bytes kept under `ref`, or undefined when no copy is (deleted, never kept here). */
  get(ref: string): Buffer | undefined;
}

function attachmentsFolder(waveHome: string): string {
  return join(waveHome, 'attachments');
}

/** How many bytes of read copies the disk store keeps at hand (the newest read first). */
const READ_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Every model call of a turn sends the whole conversation, so the same copies are read at each
 * step: a copy never changes under its hash, so the last ones read are kept, up to a bound.
 */
export function diskAttachmentStore(waveHome: string): AttachmentStore {
  const blobs = new BlobStore(attachmentsFolder(waveHome));
  const cache = new Map<string, Buffer>();
  let cached = 0;
  const remember = (ref: string, content: Buffer): Buffer => {
    cache.set(ref, content);
    cached += content.length;
    for (const [oldest, bytes] of cache) {
      if (cached <= READ_CACHE_BYTES) break;
      cache.delete(oldest);
      cached -= bytes.length;
    }
    return content;
  };
  return {
    put: (content) => blobs.put(content),
    get: (ref) => {
      const hit = cache.get(ref);
      if (hit !== undefined) {
        // Read again: it becomes the newest.
        cache.delete(ref);
        cache.set(ref, hit);
        return hit;
      }
      const content = blobs.find(ref);
      return content === undefined ? undefined : remember(ref, content);
    },
  };
}

export function memoryAttachmentStore(): AttachmentStore {
  const kept = new Map<string, Buffer>();
  return {
    put: (content) => {
      const ref = hashOf(content);
      kept.set(ref, content);
      return ref;
    },
    get: (ref) => kept.get(ref),
  };
}
