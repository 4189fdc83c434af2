// /add-dir PATH in the terminal UI and over ACP: one more work folder for this session. The
// agent checks the path (it exists, it is a folder) and says what is wrong otherwise.
import { addWorkFolderText, SLASH_COMMANDS } from '@wave-agent/shared-protocol';
import type { SlashCommand } from './command-context.js';

export const addDirCommand: SlashCommand = {
  ...SLASH_COMMANDS['add-dir'],
  async run(context) {
    const result = await context.session.request('addWorkFolder', { path: context.args });
    context.print(addWorkFolderText(result), result.ok ? 'info' : 'error');
  },
};
