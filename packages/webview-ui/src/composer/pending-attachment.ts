// What the prompt will send beside its text: a pasted or dropped image (its bytes read here,
// in the page, and a thumbnail made from them) or a file of the work folder a host added (VS
// Code's "Add to Prompt", with the selection's lines). Each becomes one of sendMessage's
// `attachments`; an `@path` typed in the text is not one of these (the agent finds those).
import {
  formatBytes,
  isImageMediaType,
  linesLabel,
  MAX_IMAGE_BYTES,
} from '@wave-agent/shared-protocol';
import type { AttachmentInput } from '@wave-agent/shared-protocol';

export interface PendingAttachment {
  /** Names the chip while the prompt holds it. */
  readonly id: string;
  /** What the chip says: `file.ts:3-9`, or the image's name. */
  readonly label: string;
  /** The image's size, or nothing for a file (the agent reads it when the message goes). */
  readonly bytes?: number;
  /** A `data:` URL of the image itself, for the chip's thumbnail. */
  readonly thumbnail?: string;
  readonly input: AttachmentInput;
}

let counter = 0;
function nextId(): string {
  counter += 1;
  return `pending-${counter}`;
}

export function fileAttachment(
  path: string,
  lines?: { from: number; to: number },
): PendingAttachment {
  return {
    id: nextId(),
    label: linesLabel(path, lines),
    input: { type: 'file', path, ...(lines ? { lines } : {}) },
  };
}

function base64(bytes: Uint8Array): string {
  // In slices: String.fromCharCode takes a bounded number of arguments.
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/**
 * An image file from the clipboard or a drop, read into an attachment; a sentence saying why
 * not when it is not an image the models take, or too big to send.
 */
export async function imageAttachment(file: File): Promise<PendingAttachment | string> {
  const name = file.name || 'pasted image';
  if (!isImageMediaType(file.type))
    return `${name} was not attached: only PNG, JPEG, GIF and WebP images can be pasted or dropped here. To attach a file of the work folder, type @ and its name.`;
  if (file.size > MAX_IMAGE_BYTES)
    return `${name} was not attached: it is ${formatBytes(file.size)}, and an image may be at most ${formatBytes(MAX_IMAGE_BYTES)}. Make it smaller and paste it again.`;
  const data = base64(new Uint8Array(await file.arrayBuffer()));
  return {
    id: nextId(),
    label: name,
    bytes: file.size,
    thumbnail: `data:${file.type};base64,${data}`,
    input: { type: 'image', name: name.slice(0, 255), mediaType: file.type, data },
  };
}
