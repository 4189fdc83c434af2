// Glob: finds files by name pattern, newest first, so the files being worked on come up top.
import { lstat } from 'node:fs/promises';
import { z } from 'zod';
import { boundOutput, formatCount } from './bounded-output.js';
import { defineTool } from './define-tool.js';
import { errorCode } from './error-details.js';
import { deniedNote, FoundFiles, type FileRules } from './file-rules.js';
import {
  fileSearchPatternProblem,
  findFiles,
  planFileSearch,
  searchDirectoryProblem,
} from './file-search.js';
import { displayInputPath, displayPath } from './paths.js';

export const MAX_GLOB_RESULTS = 1000;
const STAT_BATCH = 64;

const inputSchema = z.object({
  pattern: z
    .string()
    .min(1)
    .describe('The glob to match file paths against, e.g. "**/*.ts" or "src/**/*.{js,jsx}".'),
  path: z
    .string()
    .optional()
    .describe('The directory to search in (default: the working directory).'),
});

export type GlobInput = z.infer<typeof inputSchema>;

/** When the file was last changed, or undefined when a deny rule keeps it out of the list. */
async function modificationTime(file: string, found?: FoundFiles): Promise<number | undefined> {
  const stats = await lstat(file).catch((error: unknown) => {
    // Deleted since the walk listed it: it still matched, so it stays, sorted last.
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  });
  if ((await found?.verdict(file, stats?.isSymbolicLink() === true)) === 'deny') return undefined;
  return stats?.mtimeMs ?? 0;
}

/** The files newest first, less those a deny rule keeps out (counted in `denied`). */
async function newestFirst(
  files: readonly string[],
  rules: FileRules | undefined,
): Promise<{ files: string[]; denied: number }> {
  const found = rules && new FoundFiles(rules);
  const timed: { file: string; time: number }[] = [];
  for (let start = 0; start < files.length; start += STAT_BATCH) {
    const batch = files.slice(start, start + STAT_BATCH);
    const times = await Promise.all(batch.map((file) => modificationTime(file, found)));
    batch.forEach((file, index) => {
      const time = times[index];
      if (time !== undefined) timed.push({ file, time });
    });
  }
  timed.sort((a, b) => b.time - a.time || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { files: timed.map(({ file }) => file), denied: files.length - timed.length };
}

export const globTool = defineTool<GlobInput>({
  name: 'Glob',
  description: [
    'Finds files whose paths match a glob pattern (e.g. "**/*.ts", "src/**/*.test.{ts,tsx}") and lists them relative to the working directory, most recently modified first.',
    'Use it to find files by name or extension. To search file contents, use Grep; to list one directory, use LS.',
    `.git and node_modules are skipped (unless path points inside them). At most ${formatCount(MAX_GLOB_RESULTS)} files are listed.`,
  ].join('\n'),
  inputSchema,
  partialInputSchema: inputSchema.partial(),
  permission: 'read-only',
  findsFiles: true,
  compact(input, workdir) {
    if (!input.pattern) return undefined;
    return input.path
      ? `${input.pattern} in ${displayInputPath(input.path, workdir)}`
      : input.pattern;
  },
  paths(input, workdir) {
    return [planFileSearch(input.pattern, input.path, workdir).directory];
  },
  async execute(input, context) {
    const search = planFileSearch(input.pattern, input.path, context.workdir);
    const problem =
      fileSearchPatternProblem(search, input.pattern) ??
      (await searchDirectoryProblem(search.directory, context.workdir));
    if (problem) return { isError: true, output: problem };

    const { files, denied } = await newestFirst(
      await findFiles(search, context.signal),
      context.fileRules,
    );
    const where = displayPath(context.workdir, search.directory);
    const deniedLine = denied > 0 ? `\n\n${deniedNote(denied, 'file')}` : '';
    if (files.length === 0)
      return { output: `No files match ${input.pattern} in ${where}.${deniedLine}` };
    const listed = files
      .slice(0, MAX_GLOB_RESULTS)
      .map((file) => displayPath(context.workdir, file));
    const note =
      files.length > MAX_GLOB_RESULTS
        ? `\n\n[Showing the ${formatCount(MAX_GLOB_RESULTS)} most recently modified of ${formatCount(files.length)} matching files. Use a narrower pattern or path to see the rest.]`
        : '';
    return { output: boundOutput(listed.join('\n') + note + deniedLine) };
  },
});
