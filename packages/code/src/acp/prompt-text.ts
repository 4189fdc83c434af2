// An ACP prompt (content blocks) → the text Wave sends and its attachments. Text is kept as it
// is; a link to a file becomes an `@path` mention (quoted when it holds spaces), which the agent
// attaches like any mention, inside the work-folder boundary; an embedded text resource
// (promptCapabilities.embeddedContext) is inlined with its address; an image
// (promptCapabilities.image) becomes an image attachment, which the agent checks (its bytes, and
// whether the model takes images). Audio and binary resources are refused with a sentence.
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as acp from '@agentclientprotocol/sdk';
import { isImageMediaType } from '@wave-agent/shared-protocol';
import type { AttachmentInput } from '@wave-agent/shared-protocol';

/** Thrown with a sentence for the client. */
export class PromptContentError extends Error {
  override readonly name = 'PromptContentError';
}

export interface PromptContent {
  readonly text: string;
  readonly attachments: readonly AttachmentInput[];
}

function linkText(uri: string): string {
  if (!uri.startsWith('file://')) return uri;
  try {
    const path = fileURLToPath(uri);
    return /\s/.test(path) ? `@"${path}"` : `@${path}`;
  } catch {
    return uri;
  }
}

function imageOf(block: acp.ImageContent, index: number): AttachmentInput {
  const { mimeType } = block;
  if (!isImageMediaType(mimeType))
    throw new PromptContentError(
      `The prompt holds an image of type ${mimeType}; Wave sends PNG, JPEG, GIF and WebP images. Convert it to one of those.`,
    );
  const named = block.uri ? basename(block.uri) : '';
  const name = named !== '' ? named.slice(0, 255) : `image-${index + 1}.${mimeType.slice(6)}`;
  return { type: 'image', name, mediaType: mimeType, data: block.data };
}

function textOf(block: acp.ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'resource_link':
      return linkText(block.uri);
    case 'resource': {
      const { resource } = block;
      if (!('text' in resource))
        throw new PromptContentError(
          `The prompt embeds a binary resource (${resource.uri}); Wave reads text only. Attach it as a file link instead.`,
        );
      return `\n<context ref="${resource.uri}">\n${resource.text}\n</context>\n`;
    }
    case 'image':
      return '';
    case 'audio':
      throw new PromptContentError(
        'The prompt holds audio; Wave sends the model text and images only (promptCapabilities.audio is false).',
      );
  }
}

export function promptContent(blocks: readonly acp.ContentBlock[]): PromptContent {
  const text = blocks.map((block) => textOf(block)).join('');
  const images = blocks.filter(
    (block): block is acp.ImageContent & { type: 'image' } => block.type === 'image',
  );
  const attachments = images.map((block, index) => imageOf(block, index));
  if (text.trim() === '' && attachments.length === 0)
    throw new PromptContentError('The prompt is empty; send some text to ask Wave something.');
  return { text, attachments };
}
