// What the model is sent for an attachment block: a file as a text part that names it (path,
// lines, whether it was cut), a folder as its listing, an image as an image part of its bytes.
// The content comes from the attachment store by the block's ref; a copy that is gone becomes a
// sentence, so a resumed session whose copies were deleted still runs. A call to a model that
// takes no images (a cheaper one chosen for compaction or /btw) gets a line naming the image.

import type { ImagePart, TextPart } from 'ai';
import type { AttachmentBlock } from '@wave-agent/shared-protocol';

/** Reads an attachment's kept content by ref; undefined when the copy is gone. */
export type AttachmentReader = (ref: string) => Buffer | undefined;

/** How a model call gets attachments: their content, and whether its model takes images. */
export interface AttachmentAccess {
  readonly read: AttachmentReader;
  /** False for a model that takes no images: each image becomes a line naming it. */
  readonly images: boolean;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function fileText(block: AttachmentBlock, content: string): string {
  const folder = block.name.endsWith('/');
  const tag = folder ? 'attached-folder' : 'attached-file';
  const lines = block.lines ? ` lines="${block.lines.from}-${block.lines.to}"` : '';
  const cut = !block.truncated
    ? ''
    : folder
      ? '\n[The folder has more entries than an attachment lists: use LS or Glob for the rest.]'
      : '\n[The file is longer than an attachment holds: this is its start. Use Read with an offset for the rest.]';
  return `<${tag} path="${escapeAttribute(block.name)}"${lines}>\n${content}\n</${tag}>${cut}`;
}

export function attachmentParts(
  block: AttachmentBlock,
  { read, images }: AttachmentAccess,
): (TextPart | ImagePart)[] {
  if (block.kind === 'image' && !images)
    return [
      {
        type: 'text',
        text: `[The user attached the image ${block.name}; the model of this call takes no images, so it is not shown.]`,
      },
    ];
  const content = read(block.ref);
  if (content === undefined) {
    return [
      {
        type: 'text',
        text: `[The user attached ${block.name}, but Wave's copy of it is gone (deleted from $WAVE_HOME/attachments), so its content cannot be shown.]`,
      },
    ];
  }
  if (block.kind === 'image') {
    return [
      { type: 'text', text: `[Image attached: ${block.name}]` },
      { type: 'image', image: content, mediaType: block.mediaType ?? 'image/png' },
    ];
  }
  return [{ type: 'text', text: fileText(block, content.toString('utf8')) }];
}
