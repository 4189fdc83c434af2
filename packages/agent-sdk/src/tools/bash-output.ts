// TaskOutput (Claude Code's BashOutput before 2.1): what a background command (Bash with
// run_in_background) wrote since the last read, with its status, in Claude Code's shape
// (task_id; bash_id, its old name, still taken; Wave's own filter).
import { z } from 'zod';
import { defineTool } from './define-tool.js';
import { errorText } from '@wave-agent/shared-protocol';

const MAX_FILTER_CHARS = 500;

/** Claude Code 2.1's `task_id` (TaskStop's too); optional because the old field may name it. */
export const taskIdField = z
  .string()
  .min(1)
  .max(100)
  .optional()
  .describe('The id Bash returned for the background command.');

const inputSchema = z.object({
  task_id: taskIdField,
  bash_id: z.string().min(1).max(100).optional().describe('Deprecated: use task_id.'),
  filter: z
    .string()
    .max(MAX_FILTER_CHARS)
    .optional()
    .describe('A regular expression: only output lines that match it are returned.'),
});

export type BashOutputInput = z.infer<typeof inputSchema>;

export const NOT_A_BACKGROUND_COMMAND = (id: string) =>
  `There is no background command with id "${id}" in this session. Use the id Bash returned when it started the command.`;

export const NO_TASK_ID =
  'task_id is missing: give the id Bash returned when it started the background command.';

export const bashOutputTool = defineTool<BashOutputInput>({
  name: 'TaskOutput',
  description: [
    'Reads the output a background command (started by Bash with run_in_background) wrote since the previous read, and whether it is still running (with its exit code once it ended).',
    'Use it to check on servers, watchers and long builds. Each call returns only new output.',
  ].join('\n'),
  inputSchema,
  partialInputSchema: inputSchema.partial(),
  permission: 'read-only',
  compact: (input) => input.task_id ?? input.bash_id,
  async execute(input, context) {
    const background = context.session?.background;
    if (!background)
      return { isError: true, output: 'Background commands are not available here.' };
    const taskId = input.task_id ?? input.bash_id;
    if (taskId === undefined) return { isError: true, output: NO_TASK_ID };
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
    const read = await background.read(taskId, filter);
    if (!read) return { isError: true, output: NOT_A_BACKGROUND_COMMAND(taskId) };
    const status =
      read.status === 'running'
        ? 'Status: running'
        : `Status: ${read.status}${read.exitCode !== undefined ? ` (exit code ${read.exitCode ?? 'none: stopped by a signal'})` : ''}`;
    const body = read.output === '' ? '(no new output)' : read.output.replace(/\s+$/, '');
    return { output: [status, '', body, ...(read.note ? ['', read.note] : [])].join('\n') };
  },
});
