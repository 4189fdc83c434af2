// Reading a text file line by line in bounded memory, however large the file or long its lines:
// Read and Grep stop early, and a line longer than the cap is kept only in part.
import { open } from 'node:fs/promises';
import { safeCutIndex } from './bounded-output.js';
import { READ_NO_WAIT } from './file-kind.js';

export interface TextLine {
  /** 1-based line number. */
  readonly number: number;
  /** The line without its line ending, cut to the cap. */
  readonly text: string;
  /** How many characters of the line were cut off (0 when it fit). */
  readonly cutChars: number;
}

export interface ReadLinesOptions {
  /** The most characters kept of any one line. */
  readonly maxLineChars: number;
  readonly signal?: AbortSignal;
}

function toBytes(chunk: unknown): Uint8Array {
  if (chunk instanceof Uint8Array) return chunk;
  throw new TypeError('Expected the file stream to yield bytes.');
}

/**
 * Yields the lines of a UTF-8 file (`\n` or `\r\n` endings; a final line without an ending
 * counts, an empty one after the last ending does not). Stopping the iteration closes the file.
 */
export async function* readLines(
  path: string,
  options: ReadLinesOptions,
): AsyncGenerator<TextLine> {
  const { maxLineChars } = options;
  // The signal is checked per chunk rather than handed to the stream: Grep reads many files at
  // once, and a listener per stream on one signal would pile up.
  const handle = await open(path, READ_NO_WAIT);
  // The stream owns the handle from here: it closes it when read to the end or stopped.
  const chunks: AsyncIterable<unknown> = handle.createReadStream({ highWaterMark: 64 * 1024 });
  // A streaming decoder keeps a multi-byte character split across two reads intact.
  const decoder = new TextDecoder('utf-8');
  let number = 0;
  let text = '';
  let cutChars = 0;
  let lastChar = '';
  let hasContent = false;

  const take = (segment: string): void => {
    if (segment === '') return;
    hasContent = true;
    lastChar = segment.charAt(segment.length - 1);
    const room = maxLineChars - text.length;
    if (room <= 0 || cutChars > 0) {
      cutChars += segment.length;
      return;
    }
    const kept = safeCutIndex(segment, room);
    text += segment.slice(0, kept);
    cutChars += segment.length - kept;
  };

  const endLine = (): TextLine => {
    let lineText = text;
    let lineCut = cutChars;
    if (lastChar === '\r') {
      if (lineCut > 0) lineCut -= 1;
      else lineText = lineText.slice(0, -1);
    }
    number += 1;
    text = '';
    cutChars = 0;
    lastChar = '';
    hasContent = false;
    return { number, text: lineText, cutChars: lineCut };
  };

  for await (const chunk of chunks) {
    options.signal?.throwIfAborted();
    const decoded = decoder.decode(toBytes(chunk), { stream: true });
    let start = 0;
    for (let end = decoded.indexOf('\n'); end !== -1; end = decoded.indexOf('\n', start)) {
      take(decoded.slice(start, end));
      yield endLine();
      start = end + 1;
    }
    take(decoded.slice(start));
  }
  take(decoder.decode());
  if (hasContent) yield endLine();
}
