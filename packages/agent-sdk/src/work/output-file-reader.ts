// Reads a background command's output file from where the previous read stopped. Each read opens
// the file by its path and closes it again, so a read works the same while the command runs,
// after it ended (when its writer has closed the file) and in a later run of the session.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

export class OutputFileReader {
  private bytesRead = 0;
  private readonly decoder = new TextDecoder('utf-8');

  constructor(private readonly path: string) {}

  /**
   * The output that arrived since the previous read. At most `limit` characters: beyond that,
   * the oldest unread part is skipped and counted (the file keeps all of it).
   */
  readNew(limit: number): { text: string; skippedBytes: number } {
    const file = openSync(this.path, 'r');
    try {
      const unread = Math.max(0, fstatSync(file).size - this.bytesRead);
      // Four bytes cover any character, so `limit` characters never need more.
      const take = Math.min(unread, limit * 4);
      const skippedBytes = unread - take;
      const buffer = Buffer.alloc(take);
      let offset = 0;
      while (offset < take) {
        const got = readSync(
          file,
          buffer,
          offset,
          take - offset,
          this.bytesRead + skippedBytes + offset,
        );
        if (got === 0) break;
        offset += got;
      }
      this.bytesRead += skippedBytes + offset;
      let text = this.decoder.decode(buffer.subarray(0, offset), { stream: true });
      if (text.length > limit) text = text.slice(-limit);
      return { text, skippedBytes };
    } finally {
      closeSync(file);
    }
  }
}
