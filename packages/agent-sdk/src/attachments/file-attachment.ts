// One work-folder file as an attachment: its content (bounded like Read's) kept in the attachment
// store, or a sentence saying why it was not attached. Paths are decided on real paths, so a link
// leading out of the work folder is refused; so is a path a Read deny rule covers. An image file
// (by its magic bytes) becomes an image attachment when the model takes images; a folder becomes
// a listing of its entries, less those a Read deny rule covers.
import { open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { AttachmentBlock } from '@wave-agent/shared-protocol';
import { isBinaryFile } from '../tools/binary-files.js';
import { READ_NO_WAIT } from '../tools/file-kind.js';
import { statIfExists } from '../tools/file-status.js';
import { readLines } from '../tools/line-reader.js';
import { displayPath, isWithin, resolveToolPath } from '../tools/paths.js';
import { MAX_READ_LINE_CHARS, MAX_READ_OUTPUT_CHARS, DEFAULT_READ_LIMIT } from '../tools/read.js';
import { realPathOf } from '../tools/real-path.js';
import type { AttachmentStore } from './attachment-store.js';
import { formatBytes, MAX_IMAGE_BYTES } from '@wave-agent/shared-protocol';
import { sniffImage } from './image-kind.js';

/** A file attachment holds at most this much of the file, as Read shows at most at once. */
const MAX_ATTACHED_LINES = DEFAULT_READ_LIMIT;
const MAX_ATTACHED_CHARS = MAX_READ_OUTPUT_CHARS;
/** A folder's listing names at most this many entries. */
const MAX_LISTED_ENTRIES = 200;

export interface AttachContext {
  readonly workdir: string;
  readonly store: AttachmentStore;
  /** Whether a deny rule for Read covers this real path. */
  readonly denied: (realPath: string) => Promise<boolean>;
  /** Why the model in use takes no images, or undefined when it does. */
  readonly imageRefusal: () => string | undefined;
}

export type Attached = { readonly block: AttachmentBlock } | { readonly notice: string };

export interface LineRange {
  readonly from: number;
  readonly to: number;
}

async function headOf(path: string, length: number): Promise<Buffer> {
  const handle = await open(path, READ_NO_WAIT);
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The file's text (the lines asked for), bounded. */
async function textOf(
  path: string,
  lines: LineRange | undefined,
): Promise<{ text: string; truncated: boolean }> {
  const from = lines?.from ?? 1;
  const to = lines?.to ?? Number.POSITIVE_INFINITY;
  const kept: string[] = [];
  let chars = 0;
  let truncated = false;
  for await (const line of readLines(path, { maxLineChars: MAX_READ_LINE_CHARS })) {
    if (line.number < from) continue;
    if (line.number > to) break;
    if (kept.length >= MAX_ATTACHED_LINES || chars + line.text.length > MAX_ATTACHED_CHARS) {
      truncated = true;
      break;
    }
    if (line.cutChars > 0) truncated = true;
    kept.push(line.text);
    chars += line.text.length + 1;
  }
  return { text: kept.join('\n'), truncated };
}

/** The folder's entries, less those a Read deny rule covers (their names too, as LS does). */
async function folderListing(
  path: string,
  denied: AttachContext['denied'],
): Promise<{ text: string; truncated: boolean }> {
  const entries = await readdir(path, { withFileTypes: true });
  const verdicts = await Promise.all(
    entries.map(async (entry) => {
      const entryPath = join(path, entry.name);
      return denied(entry.isSymbolicLink() ? await realPathOf(entryPath) : entryPath);
    }),
  );
  const names = entries
    .filter((_, index) => !verdicts[index])
    .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const truncated = names.length > MAX_LISTED_ENTRIES;
  return { text: names.slice(0, MAX_LISTED_ENTRIES).join('\n'), truncated };
}

function keep(
  context: AttachContext,
  content: Buffer,
  fields: Omit<AttachmentBlock, 'type' | 'ref' | 'bytes'>,
): Attached {
  const ref = context.store.put(content);
  return { block: { type: 'attachment', ...fields, bytes: content.length, ref } };
}

export async function attachFile(
  written: string,
  lines: LineRange | undefined,
  context: AttachContext,
): Promise<Attached> {
  const { workdir } = context;
  const absolute = resolveToolPath(workdir, written);
  const shown = displayPath(workdir, absolute);
  const not = (why: string): Attached => ({ notice: `@${written} was not attached: ${why}` });
  const real = await realPathOf(absolute);
  if (!isWithin(await realPathOf(workdir), real))
    return not(
      `it is outside the work folder (${workdir}); only the work folder's files can be attached.`,
    );
  if (await context.denied(real))
    return not('a deny rule for Read in your permission settings covers it.');
  const stats = await statIfExists(real).catch(() => undefined);
  if (!stats) return not('there is no such file in the work folder. Check the path.');
  if (stats.isDirectory()) {
    const { text, truncated } = await folderListing(real, context.denied);
    const name = shown.endsWith('/') ? shown : `${shown}/`;
    return keep(context, Buffer.from(text), {
      kind: 'file',
      name,
      ...(truncated ? { truncated } : {}),
    });
  }
  if (!stats.isFile()) return not('it is not a regular file (a pipe, socket or device).');
  const media = sniffImage(await headOf(real, 16));
  if (media !== undefined) {
    const refusal = context.imageRefusal();
    if (refusal !== undefined) return not(refusal);
    if (stats.size > MAX_IMAGE_BYTES)
      return not(
        `the image is ${formatBytes(stats.size)}, more than the ${formatBytes(MAX_IMAGE_BYTES)} an image may have.`,
      );
    return keep(context, await headOf(real, MAX_IMAGE_BYTES), {
      kind: 'image',
      name: shown,
      mediaType: media,
    });
  }
  if (await isBinaryFile(real))
    return not(
      'it is a binary file, and only text files and images (PNG, JPEG, GIF, WebP) can be attached.',
    );
  if (lines !== undefined && lines.to < lines.from)
    return not(
      `the lines ${lines.from}-${lines.to} are no range (the last comes before the first).`,
    );
  const { text, truncated } = await textOf(real, lines);
  return keep(context, Buffer.from(text), {
    kind: 'file',
    name: shown,
    ...(lines ? { lines } : {}),
    ...(truncated ? { truncated } : {}),
  });
}
