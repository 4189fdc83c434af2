// Reads a .vsix (a zip file): its entries' names and contents, from the central directory.
// Enough for the test that lists what the package holds and runs it as installed.
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  readonly name: string;
  readonly content: () => Buffer;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;

export function zipEntries(zip: Buffer): ZipEntry[] {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== END_OF_DIRECTORY) end -= 1;
  if (end < 0) throw new Error('Not a zip file: it has no end-of-directory record.');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (zip.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new Error('A broken zip directory.');
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    entries.push({
      name,
      content() {
        const start =
          localHeader +
          30 +
          zip.readUInt16LE(localHeader + 26) +
          zip.readUInt16LE(localHeader + 28);
        const data = zip.subarray(start, start + size);
        return method === 8 ? inflateRawSync(data) : Buffer.from(data);
      },
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
