// Write: creates or replaces a whole file, creating missing parent directories.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { defineTool } from './define-tool.js';
import { WRITE_NO_WAIT, notARegularFile } from './file-kind.js';
import { isADirectory, statIfExists } from './file-status.js';
import { countLines, linesLabel } from './line-count.js';
import { displayPath, resolveToolPath, singleFileInput } from './paths.js';

const inputSchema = z.object({
  file_path: z
    .string()
    .min(1)
    .describe('The file to write: absolute, or relative to the working directory.'),
  content: z.string().describe('The complete new content of the file.'),
});

export type WriteInput = z.infer<typeof inputSchema>;

export const writeTool = defineTool<WriteInput>({
  name: 'Write',
  description: [
    'Writes a whole file: creates it (and any missing parent directories) or replaces everything in it.',
    'Use it for new files or complete rewrites. To change part of an existing file, use Edit, which keeps the rest intact; Read a file before replacing it.',
  ].join('\n'),
  inputSchema,
  partialInputSchema: inputSchema.partial(),
  permission: 'edit',
  ...singleFileInput,
  async execute(input, context) {
    const absolutePath = resolveToolPath(context.workdir, input.file_path);
    const shown = displayPath(context.workdir, absolutePath);
    const existing = await statIfExists(absolutePath);
    if (existing?.isDirectory()) {
      return { isError: true, output: `Cannot write ${shown}: ${isADirectory(shown)}` };
    }
    const special = existing && notARegularFile(shown, existing, 'Write');
    if (special) return { isError: true, output: special };
    await context.beforeFileChange?.(absolutePath);
    await mkdir(dirname(absolutePath), { recursive: true });
    await writeFile(absolutePath, input.content, { encoding: 'utf8', flag: WRITE_NO_WAIT });
    const verb = existing ? 'Overwrote' : 'Created';
    return { output: `${verb} ${shown} (${linesLabel(countLines(input.content))}).` };
  },
});
