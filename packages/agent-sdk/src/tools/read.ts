// Read: shows a text file with numbered lines, a window at a time, in bounded memory however
// large the file is.
import { z } from 'zod';
import { formatCount, lineCutMarker } from './bounded-output.js';
import { isBinaryFile } from './binary-files.js';
import { defineTool } from './define-tool.js';
import { notARegularFile } from './file-kind.js';
import { fileNotFound, isADirectory, statIfExists } from './file-status.js';
import { readLines } from './line-reader.js';
import { displayInputPath, displayPath, resolveToolPath, singleFileInput } from './paths.js';

export const DEFAULT_READ_LIMIT = 2000;
export const MAX_READ_LINE_CHARS = 2000;
/** The most characters of file content one Read returns; further lines wait for the next offset. */
export const MAX_READ_OUTPUT_CHARS = 100_000;
/** Above this size the total line count is not worth a full scan; Read stops after its window. */
export const LARGE_FILE_BYTES = 10 * 1024 * 1024;
const LINE_NUMBER_WIDTH = 6;

const inputSchema = z.object({
  file_path: z
    .string()
    .min(1)
    .describe('The file to read: absolute, or relative to the working directory.'),
  offset: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('The 1-based line number to start at. Use it to read a long file in parts.'),
  limit: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(`How many lines to read (default ${DEFAULT_READ_LIMIT}).`),
});

export type ReadInput = z.infer<typeof inputSchema>;

/** `cat -n` style: the number right-aligned, a tab, the line. */
function numbered(lineNumber: number, text: string): string {
  return `${String(lineNumber).padStart(LINE_NUMBER_WIDTH)}\t${text}`;
}

export const readTool = defineTool<ReadInput>({
  name: 'Read',
  description: [
    'Reads a text file and returns its lines numbered like `cat -n` (line number, tab, text).',
    'Use it to look at a file before editing it, or to read code, configuration and logs.',
    `It reads up to ${DEFAULT_READ_LIMIT} lines from the start by default; for a long file, pass offset (1-based line) and limit to read further.`,
    `Lines longer than ${MAX_READ_LINE_CHARS} characters are cut. Binary files (images, archives, executables) are refused. To list a directory, use LS.`,
  ].join('\n'),
  inputSchema,
  partialInputSchema: inputSchema.partial(),
  permission: 'read-only',
  compact(input, workdir) {
    if (!input.file_path) return undefined;
    const shown = displayInputPath(input.file_path, workdir);
    if (input.offset === undefined && input.limit === undefined) return shown;
    const start = input.offset ?? 1;
    return `${shown}:${start}-${start + (input.limit ?? DEFAULT_READ_LIMIT) - 1}`;
  },
  paths: singleFileInput.paths,
  async execute(input, context) {
    const absolutePath = resolveToolPath(context.workdir, input.file_path);
    const shown = displayPath(context.workdir, absolutePath);
    const stats = await statIfExists(absolutePath);
    if (!stats) return { isError: true, output: fileNotFound(shown) };
    if (stats.isDirectory()) return { isError: true, output: isADirectory(shown) };
    const special = notARegularFile(shown, stats, 'Read');
    if (special) return { isError: true, output: special };
    if (await isBinaryFile(absolutePath)) {
      return {
        isError: true,
        output: `${shown} is a binary file, so Read cannot show it as text. To inspect it, use Bash (e.g. \`file\`, or \`xxd ${shown} | head\`).`,
      };
    }

    const offset = input.offset ?? 1;
    const limit = input.limit ?? DEFAULT_READ_LIMIT;
    const countAllLines = stats.size <= LARGE_FILE_BYTES;
    const shownLines: string[] = [];
    let outputChars = 0;
    let lastShown = 0;
    let totalLines = 0;
    let moreAfterWindow = false;
    let stoppedForSize = false;

    for await (const line of readLines(absolutePath, {
      maxLineChars: MAX_READ_LINE_CHARS,
      signal: context.signal,
    })) {
      totalLines = line.number;
      if (line.number < offset) continue;
      const inWindow = line.number < offset + limit && !stoppedForSize;
      if (inWindow) {
        const text = line.cutChars > 0 ? line.text + lineCutMarker(line.cutChars) : line.text;
        const entry = numbered(line.number, text);
        if (shownLines.length > 0 && outputChars + entry.length > MAX_READ_OUTPUT_CHARS) {
          stoppedForSize = true;
        } else {
          shownLines.push(entry);
          outputChars += entry.length + 1;
          lastShown = line.number;
          continue;
        }
      }
      moreAfterWindow = true;
      if (!countAllLines) break;
    }

    if (totalLines === 0) return { output: `${shown} is empty (0 lines).` };
    if (shownLines.length === 0) {
      return {
        isError: true,
        output: `${shown} has only ${formatCount(totalLines)} lines, so offset ${offset} is past its end. Use an offset from 1 to ${totalLines}.`,
      };
    }
    if (!moreAfterWindow) return { output: shownLines.join('\n') };

    const of = countAllLines ? ` of ${formatCount(totalLines)}` : '';
    const why = stoppedForSize
      ? ` (output limit of ${formatCount(MAX_READ_OUTPUT_CHARS)} characters reached)`
      : '';
    const note = `[Showing lines ${offset}-${lastShown}${of}${why}. Use offset=${lastShown + 1} to read more.]`;
    return { output: `${shownLines.join('\n')}\n\n${note}` };
  },
});
