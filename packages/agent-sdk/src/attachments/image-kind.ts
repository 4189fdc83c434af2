// What an image really is, from its first bytes: a name or a declared type is a claim, the magic
// bytes are the fact. Only the formats Anthropic's and OpenAI's APIs take are recognized.
import type { ImageMediaType } from '@wave-agent/shared-protocol';

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return prefix.every((byte, i) => bytes[at + i] === byte);
}

/** The media type the bytes are, or undefined when they are none of the four. */
export function sniffImage(bytes: Uint8Array): ImageMediaType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39))
    return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return undefined;
}
