// BashOutput: what a background command (Bash with run_in_background) wrote since the last read,
// with its status, in Claude Code's shape (bash_id, filter).
import { z } from 'zod';
import { defineTool } from './define-tool.js';
import { errorText } from '@wave-agent/shared-protocol';

const MAX_FILTER_CHARS = 500;

const inputSchema = z.object({
  bash_id: z.string().min(1).max(100).describe('The id Bash returned for the background command.'),
  filter: z
    .string()
    .max(MAX_FILTER_CHARS)
    .optional()
    .describe('A regular expression: only output lines that match it are returned.'),
});

export type BashOutputInput = z.infer<typeof inputSchema>;

export const NOT_A_BACKGROUND_COMMAND = (id: string) =>
  `There is no background command with id "${id}" in this session. Use the id Bash returned when it started the command.`;

export const bashOutputTool = defineTool<BashOutputInput>({
  name: 'BashOutput',
  description: [
    'Reads the output a background command (started by Bash with run_in_background) wrote since the previous read, and whether it is still running (with its exit code once it ended).',
    'Use it to check on servers, watchers and long builds. Each call returns only new output.',
  ].join('\n'),
  inputSchema,
  partialInputSchema: inputSchema.partial(),
  permission: 'read-only',
  compact: (input) => input.bash_id,
  async execute(input, context) {
    const background = context.session?.background;
    if (!background)
      return { isError: true, output: 'Background commands are not available here.' };
    let filter: RegExp | undefined;
    if (input.filter !== undefined) {
      try {
        filter = new RegExp(input.filter);
      } catch (error) {
        return {
          isError: true,
          output: `The filter is not a valid regular expression (${errorText(error)}). Fix it or leave it out.`,
        };
      }
    }
    const read = await background.read(input.bash_id, filter);
    if (!read) return { isError: true, output: NOT_A_BACKGROUND_COMMAND(input.bash_id) };
    const status =
      read.status === 'running'
        ? 'Status: running'
        : `Status: ${read.status}${read.exitCode !== undefined ? ` (exit code ${read.exitCode ?? 'none: stopped by a signal'})` : ''}`;
    const body = read.output === '' ? '(no new output)' : read.output.replace(/\s+$/, '');
    return { output: [status, '', body, ...(read.note ? ['', read.note] : [])].join('\n') };
  },
});
