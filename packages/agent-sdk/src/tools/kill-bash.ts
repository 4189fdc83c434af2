// KillBash: stops a background command and everything it started, in Claude Code's shape
// (shell_id). It can only reach the commands this session started.
import { z } from 'zod';
import { NOT_A_BACKGROUND_COMMAND } from './bash-output.js';
import { defineTool } from './define-tool.js';

const inputSchema = z.object({
  shell_id: z.string().min(1).max(100).describe('The id Bash returned for the background command.'),
});

export type KillBashInput = z.infer<typeof inputSchema>;

export const killBashTool = defineTool<KillBashInput>({
  name: 'KillBash',
  description:
    'Stops a background command started by Bash with run_in_background, with every process it started. Use it when a server or watcher is no longer needed.',
  inputSchema,
  partialInputSchema: inputSchema.partial(),
  // It only stops what this session started, and changes no file.
  permission: 'read-only',
  compact: (input) => input.shell_id,
  async execute(input, context) {
    const background = context.session?.background;
    if (!background)
      return { isError: true, output: 'Background commands are not available here.' };
    const said = await background.kill(input.shell_id);
    if (said === undefined)
      return { isError: true, output: NOT_A_BACKGROUND_COMMAND(input.shell_id) };
    return { output: said };
  },
});
