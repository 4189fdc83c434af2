// An ACP prompt (content blocks) → the one text Wave sends the model. Text is kept as it is; a
// link to a file becomes `@path` (the model reads it with its tools, inside the work-folder
// boundary like any path); an embedded text resource (promptCapabilities.embeddedContext) is
// inlined with its address. Images, audio and binary resources are refused with a sentence:
// Wave sends text only, and initialize says so.
import { fileURLToPath } from 'node:url';
import type * as acp from '@agentclientprotocol/sdk';

/** Thrown with a sentence for the client. */
export class PromptContentError extends Error {
  override readonly name = 'PromptContentError';
}

function linkText(uri: string): string {
  if (!uri.startsWith('file://')) return uri;
  try {
    return `@${fileURLToPath(uri)}`;
  } catch {
    return uri;
  }
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
    case 'audio':
      throw new PromptContentError(
        `The prompt holds ${block.type === 'image' ? 'an image' : 'audio'}; Wave sends the model text only (promptCapabilities.${block.type} is false).`,
      );
  }
}

export function promptText(blocks: readonly acp.ContentBlock[]): string {
  const text = blocks.map((block) => textOf(block)).join('');
  if (text.trim() === '')
    throw new PromptContentError('The prompt is empty; send some text to ask Wave something.');
  return text;
}
