// An agent's attachments: the `@` completion index of its work folder, the store that keeps
// attached content, and turning a message's attachments (the host's, and the `@path` mentions of
// its text) into attachment blocks. A host's image is checked when the message is sent (its bytes
// must be the image they claim to be, and the model must take images), so a refusal is the
// sender's error and nothing is added; a file is read when the message's turn starts (a queued
// message attaches the file as it is then), and one that cannot be attached is a notice while the
// message still goes.
import type { AttachmentBlock, AttachmentInput } from '@wave-agent/shared-protocol';
import type { ResolvedProvider } from '../model/provider-settings.js';
import type { PermissionRules } from '../permissions/rules/permission-rules.js';
import { readTool } from '../tools/read.js';
import type { AttachmentAccess } from './attachment-parts.js';
import type { AttachmentStore } from './attachment-store.js';
import { attachFile } from './file-attachment.js';
import type { AttachContext, LineRange } from './file-attachment.js';
import { WorkFolderIndex } from './file-index.js';
import {
  findMentions,
  formatBytes,
  MAX_IMAGE_BYTES,
  withoutTrailingPunctuation,
} from '@wave-agent/shared-protocol';
import { sniffImage } from './image-kind.js';
import { imageRefusal } from './image-support.js';
import { isWorkFolderImage } from './image-file.js';

/** A host's attachment, accepted: a file still to read, or an image already kept. */
export type PendingAttachment =
  | { readonly kind: 'file'; readonly path: string; readonly lines?: LineRange }
  | { readonly kind: 'image'; readonly block: AttachmentBlock };

/** A host sent an attachment that cannot go; the message says why and what to do. */
export class AttachmentRefused extends Error {
  override readonly name = 'AttachmentRefused';
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** What the queue and the chips call a pending attachment. */
export function pendingName(pending: PendingAttachment): string {
  if (pending.kind === 'image') return pending.block.name;
  return pending.lines ? `${pending.path}:${pending.lines.from}-${pending.lines.to}` : pending.path;
}

export interface AttachmentsDeps {
  readonly workdir: string;
  readonly store: AttachmentStore;
  readonly rules: PermissionRules;
  /** The model in use now. */
  readonly model: () => ResolvedProvider;
}

export interface AttachedToMessage {
  readonly blocks: readonly AttachmentBlock[];
  /** Sentences for what could not be attached. */
  readonly notices: readonly string[];
}

export class Attachments {
  private folderIndex: WorkFolderIndex | undefined;

  constructor(private readonly deps: AttachmentsDeps) {}

  /** The `@` completion index, made on first use. */
  get index(): WorkFolderIndex {
    this.folderIndex ??= new WorkFolderIndex(this.deps.workdir);
    return this.folderIndex;
  }

  /** The kept content of an attachment, or undefined when the copy is gone. */
  read(ref: string): Buffer | undefined {
    return this.deps.store.get(ref);
  }

  /** How a call to this model gets the conversation's attachments. */
  access(model: ResolvedProvider): AttachmentAccess {
    return { read: (ref) => this.read(ref), images: imageRefusal(model) === undefined };
  }

  /**
   * Checks a message before it is sent or queued: a host's attachments (its images are kept
   * now), and whether the text mentions an image the model cannot take. Throws AttachmentRefused.
   */
  accept(text: string, inputs: readonly AttachmentInput[]): PendingAttachment[] {
    this.refuseMentionedImages(text);
    return inputs.map((input) => {
      if (input.type === 'file')
        return { kind: 'file', path: input.path, ...(input.lines ? { lines: input.lines } : {}) };
      const refusal = imageRefusal(this.deps.model());
      if (refusal !== undefined)
        throw new AttachmentRefused(`The image "${input.name}" was not sent: ${refusal}`);
      if (!BASE64.test(input.data))
        throw new AttachmentRefused(
          `The image "${input.name}" was not sent: its data is not base64. Send the image's bytes base64-encoded.`,
        );
      const bytes = Buffer.from(input.data, 'base64');
      if (bytes.length > MAX_IMAGE_BYTES)
        throw new AttachmentRefused(
          `The image "${input.name}" was not sent: it is ${formatBytes(bytes.length)}, more than the ${formatBytes(MAX_IMAGE_BYTES)} an image may have. Send a smaller image.`,
        );
      const actual = sniffImage(bytes);
      if (actual !== input.mediaType)
        throw new AttachmentRefused(
          `The image "${input.name}" was not sent: its bytes are ${actual ?? 'not a PNG, JPEG, GIF or WebP image'}, not the ${input.mediaType} it is declared as. Send a PNG, JPEG, GIF or WebP image with its own type.`,
        );
      const ref = this.deps.store.put(bytes);
      const block: AttachmentBlock = {
        type: 'attachment',
        kind: 'image',
        name: input.name,
        bytes: bytes.length,
        mediaType: actual,
        ref,
      };
      return { kind: 'image', block };
    });
  }

  /** The blocks of a message: the host's attachments, then its text's `@` mentions. */
  /** `notFile`: mentions that name something else (an MCP resource, `@server:uri`). */
  async attach(
    text: string,
    pending: readonly PendingAttachment[],
    notFile: (path: string) => boolean = () => false,
  ): Promise<AttachedToMessage> {
    const blocks: AttachmentBlock[] = [];
    const notices: string[] = [];
    const seen = new Set<string>();
    const add = (block: AttachmentBlock) => {
      const key = `${block.name}:${block.lines?.from ?? ''}-${block.lines?.to ?? ''}:${block.ref}`;
      if (seen.has(key)) return;
      seen.add(key);
      blocks.push(block);
    };
    const context = this.context();
    for (const item of pending) {
      if (item.kind === 'image') {
        add(item.block);
        continue;
      }
      const attached = await attachFile(item.path, item.lines, context);
      if ('block' in attached) add(attached.block);
      else notices.push(attached.notice);
    }
    for (const mention of findMentions(text)) {
      if (notFile(mention.path)) continue;
      let attached = await attachFile(mention.path, undefined, context);
      const bare = withoutTrailingPunctuation(mention.path);
      // `see @src/a.ts.`: the sentence's full stop is not part of the path.
      if ('notice' in attached && !mention.quoted && bare !== mention.path && bare !== '')
        attached = await attachFile(bare, undefined, context);
      if ('block' in attached) add(attached.block);
      else notices.push(attached.notice);
    }
    return { blocks, notices };
  }

  /** A mentioned image the model cannot take refuses the message, as a pasted one does. */
  private refuseMentionedImages(text: string): void {
    const refusal = imageRefusal(this.deps.model());
    if (refusal === undefined) return;
    for (const mention of findMentions(text)) {
      const candidates = mention.quoted
        ? [mention.path]
        : [mention.path, withoutTrailingPunctuation(mention.path)];
      const image = candidates.find((path) => isWorkFolderImage(this.deps.workdir, path));
      if (image !== undefined)
        throw new AttachmentRefused(`The image @${image} was not sent: ${refusal}`);
    }
  }

  private context(): AttachContext {
    const { workdir, store, rules, model } = this.deps;
    return {
      workdir,
      store,
      denied: async (realPath) =>
        (await rules.decide({ tool: readTool, input: { file_path: realPath } })).behavior ===
        'deny',
      imageRefusal: () => imageRefusal(model()),
    };
  }
}
