// Edit: replaces an exact piece of text in a file, refusing when the piece is missing or
// ambiguous so the model never changes a place it did not mean.
import { readFile, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { containsNulByte } from './binary-files.js';
import { defineTool } from './define-tool.js';
import { READ_NO_WAIT, WRITE_NO_WAIT, notARegularFile } from './file-kind.js';
import { fileNotFound, isADirectory, statIfExists } from './file-status.js';
import { displayPath, resolveToolPath, singleFileInput } from './paths.js';

const inputSchema = z.object({
  file_path: z
    .string()
    .min(1)
    .describe('The file to edit: absolute, or relative to the working directory.'),
  old_string: z
    .string()
    .min(
      1,
      'old_string is empty; give the exact text to replace (to write a whole file, use Write)',
    )
    .describe('The exact text to replace, including whitespace and indentation.'),
  new_string: z.string().describe('The text to put in its place.'),
  replace_all: z
    .boolean()
    .optional()
    .describe(
      'Replace every occurrence of old_string (default false: it must occur exactly once).',
    ),
});

export type EditInput = z.infer<typeof inputSchema>;

/** Where `needle` starts in `text`, non-overlapping, left to right. */
function occurrences(text: string, needle: string): number[] {
  const starts: number[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
    starts.push(at);
  }
  return starts;
}

/** Replaces at the given starts by slicing, so `$&` and friends in new text stay literal. */
function replaceAt(
  text: string,
  starts: readonly number[],
  oldLength: number,
  replacement: string,
): string {
  const parts: string[] = [];
  let from = 0;
  for (const start of starts) {
    parts.push(text.slice(from, start), replacement);
    from = start + oldLength;
  }
  parts.push(text.slice(from));
  return parts.join('');
}

function lineNumberAt(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1))
    line += 1;
  return line;
}

/**
 * A file with Windows line endings does not contain the `\n`-only text the model usually sends;
 * matching it with `\r\n` instead finds what the model meant, and the replacement follows suit.
 */
function withCrlf(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}

export const editTool = defineTool<EditInput>({
  name: 'Edit',
  description: [
    'Replaces exact text in an existing file: old_string must match the file character for character, including whitespace and indentation.',
    'By default old_string must occur exactly once; include enough surrounding lines to make it unique, or set replace_all to change every occurrence (e.g. renaming).',
    'Read the file first so you copy the text exactly. To create a file or rewrite it entirely, use Write.',
  ].join('\n'),
  inputSchema,
  partialInputSchema: inputSchema.partial(),
  permission: 'edit',
  ...singleFileInput,
  async execute(input, context) {
    const absolutePath = resolveToolPath(context.workdir, input.file_path);
    const shown = displayPath(context.workdir, absolutePath);
    if (input.old_string === input.new_string) {
      return {
        isError: true,
        output:
          'old_string and new_string are identical, so the edit would change nothing. Put the changed text in new_string.',
      };
    }
    const stats = await statIfExists(absolutePath);
    if (!stats) {
      return { isError: true, output: `${fileNotFound(shown)} To create a new file, use Write.` };
    }
    if (stats.isDirectory()) return { isError: true, output: isADirectory(shown) };
    const special = notARegularFile(shown, stats, 'Edit');
    if (special) return { isError: true, output: special };
    const bytes = await readFile(absolutePath, { flag: READ_NO_WAIT });
    if (containsNulByte(bytes)) {
      return { isError: true, output: `${shown} is a binary file; Edit changes text files only.` };
    }
    let original: string;
    try {
      // fatal: text that is not UTF-8 would be corrupted by writing it back; ignoreBOM keeps a BOM.
      original = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      return {
        isError: true,
        output: `${shown} is not valid UTF-8 text, so Edit would corrupt it. Change it with Bash (e.g. sed) or rewrite it with Write.`,
      };
    }

    let oldText = input.old_string;
    let newText = input.new_string;
    let starts = occurrences(original, oldText);
    if (starts.length === 0 && original.includes('\r\n') && oldText.includes('\n')) {
      oldText = withCrlf(oldText);
      newText = withCrlf(newText);
      starts = occurrences(original, oldText);
    }
    if (starts.length === 0) {
      return {
        isError: true,
        output: `old_string was not found in ${shown}. It must match the file exactly, including whitespace and indentation; Read the file and copy the text from it.`,
      };
    }
    if (starts.length > 1 && input.replace_all !== true) {
      return {
        isError: true,
        output: `old_string occurs ${starts.length} times in ${shown}. Include more surrounding lines in old_string so it matches exactly one place, or set replace_all to true to replace every occurrence.`,
      };
    }

    await context.beforeFileChange?.(absolutePath);
    await writeFile(absolutePath, replaceAt(original, starts, oldText.length, newText), {
      encoding: 'utf8',
      flag: WRITE_NO_WAIT,
    });
    const firstLine = lineNumberAt(original, starts[0] ?? 0);
    const what = starts.length === 1 ? '1 replacement' : `${starts.length} replacements`;
    return { output: `Edited ${shown}: ${what}, starting at line ${firstLine}.` };
  },
});
