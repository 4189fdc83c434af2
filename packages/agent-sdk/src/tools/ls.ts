// LS: lists one directory, directories marked with a trailing slash.
import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { boundOutput, formatCount } from './bounded-output.js';
import { defineTool } from './define-tool.js';
import { errorCode } from './error-details.js';
import { deniedNote, FoundFiles, type FileRules } from './file-rules.js';
import { directoryNotFound, isAFile, statIfExists } from './file-status.js';
import { displayInputPath, displayPath, resolveToolPath } from './paths.js';

export const MAX_LS_ENTRIES = 1000;

const inputSchema = z.object({
  path: z
    .string()
    .optional()
    .describe(
      'The directory to list: absolute, or relative to the working directory (default: the working directory).',
    ),
});

export type LsInput = z.infer<typeof inputSchema>;

/** What LS says of a directory with nothing in it. */
export const emptyDirectory = (shown: string) => `${shown} is empty.`;

/** A symbolic link to a directory lists as a directory; a dangling one as a plain entry. */
async function isDirectoryEntry(entry: Dirent, directory: string): Promise<boolean> {
  if (entry.isDirectory()) return true;
  if (!entry.isSymbolicLink()) return false;
  try {
    return (await stat(join(directory, entry.name))).isDirectory();
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT' || code === 'ELOOP' || code === 'EACCES') return false;
    throw error;
  }
}

/** The entries no deny rule keeps out of the listing. */
async function withoutDenied(
  entries: readonly Dirent[],
  directory: string,
  rules: FileRules | undefined,
): Promise<Dirent[]> {
  if (!rules) return [...entries];
  const found = new FoundFiles(rules);
  const verdicts = await Promise.all(
    entries.map((entry) => found.verdict(join(directory, entry.name), entry.isSymbolicLink())),
  );
  return entries.filter((_, index) => verdicts[index] !== 'deny');
}

export const lsTool = defineTool<LsInput>({
  name: 'LS',
  description: [
    'Lists the files and directories in one directory (not recursive), sorted by name; directories end with "/".',
    `Use it to see what a directory holds. To find files by pattern across directories, use Glob. At most ${formatCount(MAX_LS_ENTRIES)} entries are listed.`,
  ].join('\n'),
  inputSchema,
  partialInputSchema: inputSchema.partial(),
  permission: 'read-only',
  findsFiles: true,
  compact(input, workdir) {
    return input.path ? displayInputPath(input.path, workdir) : '.';
  },
  paths(input, workdir) {
    return [resolveToolPath(workdir, input.path ?? '.')];
  },
  async execute(input, context) {
    const directory = resolveToolPath(context.workdir, input.path ?? '.');
    const shown = displayPath(context.workdir, directory);
    const stats = await statIfExists(directory);
    if (!stats) return { isError: true, output: directoryNotFound(shown) };
    if (!stats.isDirectory())
      return { isError: true, output: isAFile(shown, 'Use Read to see its content.') };

    const all = await readdir(directory, { withFileTypes: true });
    const entries = await withoutDenied(all, directory, context.fileRules);
    const deniedLine =
      entries.length < all.length ? `\n\n${deniedNote(all.length - entries.length, 'entry')}` : '';
    if (entries.length === 0) return { output: emptyDirectory(shown) + deniedLine };
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const listed = entries.slice(0, MAX_LS_ENTRIES);
    const names = await Promise.all(
      listed.map(async (entry) =>
        (await isDirectoryEntry(entry, directory)) ? `${entry.name}/` : entry.name,
      ),
    );
    const note =
      entries.length > MAX_LS_ENTRIES
        ? `\n\n[Showing the first ${formatCount(MAX_LS_ENTRIES)} of ${formatCount(entries.length)} entries. Use Glob with a pattern to find specific files.]`
        : '';
    return { output: boundOutput(names.join('\n') + note + deniedLine) };
  },
});
