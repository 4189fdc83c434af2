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

export function attachmentsFolder(waveHome: string): string {
  return join(waveHome, 'attachments');
}

export function diskAttachmentStore(waveHome: string): AttachmentStore {
  const blobs = new BlobStore(attachmentsFolder(waveHome));
  return { put: (content) => blobs.put(content), get: (ref) => blobs.find(ref) };
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
