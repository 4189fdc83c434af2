// A paste (or a drop: terminals type a dropped file's path as a paste) that is nothing but paths
// of existing files becomes what the user meant: a file of the work folder an `@` mention, an
// image (anywhere the user can read) an image attachment. Terminals write a dropped path
// absolute, quoted ('…' or "…") or with its spaces escaped (`a\ b.png`), or as a file:// URL;
// all are read here. Anything else — a path that does not exist, a folder, a file outside the
// work folder that is not an image, ordinary text — is pasted as it is.
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sniffImage } from '@wave-agent/agent-sdk';
import type { ImageMediaType } from '@wave-agent/shared-protocol';
import { formatBytes, MAX_IMAGE_BYTES, mentionText } from '@wave-agent/shared-protocol';

/** Image bytes read from a pasted path or the clipboard, for sendMessage's attachments. */
export interface PastedImage {
  readonly name: string;
  readonly mediaType: ImageMediaType;
  readonly bytes: Buffer;
}

/** What a paste puts in the prompt: text (with mentions), the images, and what went wrong. */
export interface PastedInput {
  readonly pieces: readonly (string | PastedImage)[];
  readonly warning?: string;
}

const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp']);
/** Longer than any path list a drop types; a longer paste is text. */
const MAX_PATHS_TEXT = 16 * 1024;

/**
 * The words of `text` as a shell reads them (quotes, backslash escapes); undefined when a quote
 * is left open.
 */
export function shellWords(text: string): string[] | undefined {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]!;
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"' && /["\\$`]/.test(text[at + 1] ?? '')) {
        at += 1;
        word += text[at]!;
      } else word += char;
      continue;
    }
    if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (char === "'" || char === '"') {
      quote = char;
      word ??= '';
    } else if (char === '\\' && at + 1 < text.length) {
      at += 1;
      word = (word ?? '') + text[at]!;
    } else word = (word ?? '') + char;
  }
  if (quote !== undefined) return undefined;
  if (word !== undefined) words.push(word);
  return words;
}

/** A dropped word as a path on disk: `~/` is the home folder, a file:// URL its path. */
function pathOf(word: string, workdir: string): string | undefined {
  if (word.startsWith('file://')) {
    try {
      return fileURLToPath(word);
    } catch {
      return undefined;
    }
  }
  if (word === '~' || word.startsWith('~/')) return resolve(homedir(), word.slice(2));
  return resolve(workdir, word);
}

function insideFolder(folder: string, path: string): string | undefined {
  const inside = relative(folder, path);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside))
    return undefined;
  return inside.split(sep).join('/');
}

type Piece = string | PastedImage;

/** One word as what it becomes, a sentence when it should but cannot, undefined when it is text. */
function pieceFor(
  word: string,
  workdir: string,
  realWorkdir: string,
): Piece | { warning: string } | undefined {
  const path = pathOf(word, workdir);
  if (path === undefined) return undefined;
  let real: string;
  try {
    real = realpathSync(path);
    if (!statSync(real).isFile()) return undefined;
  } catch {
    return undefined;
  }
  if (IMAGE_EXTENSIONS.has(extname(real).toLowerCase())) {
    const size = statSync(real).size;
    if (size > MAX_IMAGE_BYTES)
      return {
        warning: `${basename(real)} was pasted as its path, not attached: it is ${formatBytes(size)}, and an image may be at most ${formatBytes(MAX_IMAGE_BYTES)}.`,
      };
    const bytes = readFileSync(real);
    const mediaType = sniffImage(bytes);
    if (mediaType !== undefined) return { name: basename(real), mediaType, bytes };
  }
  const inside = insideFolder(realWorkdir, real);
  return inside === undefined ? undefined : mentionText(inside);
}

/**
 * What a paste becomes: the mentions and images of a paste made only of existing files' paths,
 * else the text as it was.
 */
export function pastedInput(text: string, workdir: string): PastedInput {
  const asText: PastedInput = { pieces: [text] };
  if (text.length > MAX_PATHS_TEXT || text.trim() === '') return asText;
  const words = shellWords(text.trim());
  if (words === undefined || words.length === 0) return asText;
  let realWorkdir: string;
  try {
    realWorkdir = realpathSync(workdir);
  } catch {
    return asText;
  }
  const pieces: Piece[] = [];
  for (const word of words) {
    let piece: ReturnType<typeof pieceFor>;
    try {
      piece = pieceFor(word, workdir, realWorkdir);
    } catch {
      // A file that vanished or cannot be read between the checks: the paste stays text.
      return asText;
    }
    if (piece === undefined) return asText;
    if (typeof piece === 'object' && 'warning' in piece)
      return { ...asText, warning: piece.warning };
    if (pieces.length > 0) pieces.push(' ');
    pieces.push(piece);
  }
  // A mention is closed by a space, as completion leaves it.
  if (typeof pieces.at(-1) === 'string') pieces.push(' ');
  return { pieces };
}
