// `# text` in the prompt: the line goes to a memory file the user picks, the project's or their
// own (as in the terminal); the agent writes it and reads the memory again. Cancelling the
// choice keeps the text in the prompt.
import type { SessionHandle } from '@wave-agent/client';
import type { SubmitOutcome } from '../composer/Composer.js';
import type { CommandUi } from '../composer/web-commands.js';
import { sentence } from './use-notes.js';

export async function rememberLine(
  session: SessionHandle,
  ui: CommandUi,
  line: string,
): Promise<SubmitOutcome> {
  const scope = await ui.chooseMemoryFile(line);
  if (scope === undefined) {
    ui.note('Nothing was added to memory.');
    return 'refused';
  }
  try {
    const { path } = await session.request('addMemoryLine', { scope, text: line });
    ui.note(`Added to ${path}; the model reads it from its next call.`);
    return 'done';
  } catch (error) {
    ui.note(`The line was not added to memory: ${sentence(error)}`, 'error');
    return 'refused';
  }
}
