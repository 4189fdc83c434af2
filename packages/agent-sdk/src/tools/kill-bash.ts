// TaskStop (Claude Code's KillShell, Wave's KillBash, before 2.1): stops a background command and
// everything it started, in Claude Code's shape (task_id; shell_id, its old name, still taken).
// It can only reach the commands this session started.
import { z } from 'zod';
import { NO_TASK_ID, NOT_A_BACKGROUND_COMMAND, taskIdField } from './bash-output.js';
import { defineTool } from './define-tool.js';

const inputSchema = z.object({
  task_id: taskIdField,
  shell_id: z.string().min(1).max(100).optional().describe('Deprecated: use task_id.'),
});

export type KillBashInput = z.infer<typeof inputSchema>;

export const killBashTool = defineTool<KillBashInput>({
  name: 'TaskStop',
  description:
    'Stops a background command started by Bash with run_in_background, with every process it started. Use it when a server or watcher is no longer needed.',
  inputSchema,
  partialInputSchema: inputSchema.partial(),
  // It only stops what this session started, and changes no file.
  permission: 'read-only',
  compact: (input) => input.task_id ?? input.shell_id,
  async execute(input, context) {
    const background = context.session?.background;
    if (!background)
      return { isError: true, output: 'Background commands are not available here.' };
    const taskId = input.task_id ?? input.shell_id;
    if (taskId === undefined) return { isError: true, output: NO_TASK_ID };
    const said = await background.kill(taskId);
    if (said === undefined) return { isError: true, output: NOT_A_BACKGROUND_COMMAND(taskId) };
    return { output: said };
  },
});
