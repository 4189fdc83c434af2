// What Enter in the prompt does with the text: a slash command (the shared table's, this view's
// implementation; a custom one of the session goes to the agent as a message), a `!command` for the shell (only while no turn runs), or a message (queued by
// the agent while a turn runs). It reads the session when it runs, not a render's state, so the
// prompt's callback can stay the same across renders. Resolves false when the text was refused
// (the prompt keeps it); every failure is said as a note.
import type { SessionHandle } from '@wave-agent/client';
import { parseSlashCommand, errorText } from '@wave-agent/shared-protocol';
import { webCommand } from '../composer/web-commands.js';
import type { CommandUi } from '../composer/web-commands.js';

export async function submitPrompt(
  session: SessionHandle,
  ui: CommandUi,
  text: string,
): Promise<boolean> {
  const note = (line: string, level: 'warning' | 'error'): void => ui.note(line, level);
  const trimmed = text.trim();
  const parsed = parseSlashCommand(trimmed);
  // The view's own commands first; a custom file of the same name is listed in /help with why not.
  const custom =
    parsed && !webCommand(parsed.name)
      ? session.getSnapshot().context.commands.find((command) => command.name === parsed.name)
      : undefined;
  if (custom?.problem !== undefined) {
    note(`/${custom.name} cannot be used: ${custom.problem}`, 'warning');
    return false;
  }
  // A custom command is a message: the agent expands it.
  if (parsed && custom === undefined) {
    const command = webCommand(parsed.name);
    if (!command) {
      note(`There is no command /${parsed.name} here. Type /help for the commands.`, 'warning');
      return false;
    }
    try {
      await command({ session, args: parsed.args, ui });
    } catch (error) {
      note(`/${parsed.name} failed: ${errorText(error)}`, 'error');
    }
    return true;
  }
  if (trimmed.startsWith('!')) {
    if (session.getSnapshot().status.type === 'running') {
      note(
        'A ! command runs only while Wave is not working: wait for the reply, or press Stop.',
        'warning',
      );
      return false;
    }
    try {
      await session.bang(trimmed.slice(1).trim());
      return true;
    } catch (error) {
      note(`The command did not run: ${errorText(error)}`, 'error');
      return false;
    }
  }
  try {
    await session.sendMessage(text);
    return true;
  } catch (error) {
    note(`The message was not sent: ${errorText(error)}`, 'error');
    return false;
  }
}
