// Telling binary files from text: tools that show or search text skip binary files rather than
// print bytes the model cannot use.
import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import { READ_NO_WAIT } from './file-kind.js';

/** How much of a file's start is checked for NUL bytes. */
export const BINARY_SNIFF_BYTES = 8192;

const BINARY_EXTENSIONS = new Set(
  [
    'png jpg jpeg gif bmp ico webp tif tiff avif heic psd', // images (svg is text: stays readable)
    'pdf doc docx xls xlsx ppt pptx odt ods odp', // documents
    'zip gz tgz bz2 xz zst 7z rar tar jar war', // archives
    'exe dll so dylib a o obj lib class pyc pyo wasm node', // compiled code and libraries
    'mp3 mp4 m4a wav ogg flac aac mov avi mkv webm', // media
    'woff woff2 ttf otf eot', // fonts
    'sqlite sqlite3 db', // databases
  ].flatMap((group) => group.split(' ').map((extension) => `.${extension}`)),
);

/** True for extensions that are binary formats even when their first bytes hold no NUL. */
export function hasBinaryExtension(path: string): boolean {
  return BINARY_EXTENSIONS.has(extname(path).toLowerCase());
}

/** True when the bytes hold a NUL, which text files never do. */
export function containsNulByte(bytes: Uint8Array): boolean {
  return bytes.includes(0);
}

/** True when the file has a binary extension or a NUL byte in its first 8 KB. */
export async function isBinaryFile(path: string): Promise<boolean> {
  if (hasBinaryExtension(path)) return true;
  const handle = await open(path, READ_NO_WAIT);
  try {
    const buffer = new Uint8Array(BINARY_SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, BINARY_SNIFF_BYTES, 0);
    return containsNulByte(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
