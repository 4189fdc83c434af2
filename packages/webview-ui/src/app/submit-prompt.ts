// What Enter in the prompt does with the text: a slash command (the shared table's, this view's
// implementation; a custom one of the session, or an MCP server's prompt, goes to the agent as a
// message), a `!command` for the shell (only while no turn runs), a `# line` for a memory file
// the user picks, or a message with the prompt's attachments (queued by the agent while a turn
// runs). It reads the session when it runs, not a render's state, so the prompt's callback can
// stay the same across renders.
// Says what became of the text (SubmitOutcome); every failure is said as a note.
import type { SessionHandle } from '@wave-agent/client';
import { errorText, findMcpPromptCommand, parseSlashCommand } from '@wave-agent/shared-protocol';
import type { AttachmentInput } from '@wave-agent/shared-protocol';
import type { SubmitOutcome } from '../composer/Composer.js';
import { webCommand } from '../composer/web-commands.js';
import type { CommandUi } from '../composer/web-commands.js';
import { rememberLine } from './remember-line.js';

export async function submitPrompt(
  session: SessionHandle,
  ui: CommandUi,
  text: string,
  attachments: readonly AttachmentInput[] = [],
): Promise<SubmitOutcome> {
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
    return 'refused';
  }
  // A custom command is a message: the agent expands it; so is an MCP server's prompt.
  const mcpPrompt =
    parsed && custom === undefined && !webCommand(parsed.name)
      ? findMcpPromptCommand(trimmed, session.getSnapshot().mcpServers)
      : undefined;
  if (parsed && custom === undefined && mcpPrompt === undefined) {
    const command = webCommand(parsed.name);
    if (!command) {
      note(`There is no command /${parsed.name} here. Type /help for the commands.`, 'warning');
      return 'refused';
    }
    try {
      await command({ session, args: parsed.args, ui });
    } catch (error) {
      note(`/${parsed.name} failed: ${errorText(error)}`, 'error');
    }
    return 'done';
  }
  if (trimmed.startsWith('!')) {
    if (session.getSnapshot().status.type === 'running') {
      note(
        'A ! command runs only while Wave is not working: wait for the reply, or press Stop.',
        'warning',
      );
      return 'refused';
    }
    try {
      await session.bang(trimmed.slice(1).trim());
      return 'done';
    } catch (error) {
      note(`The command did not run: ${errorText(error)}`, 'error');
      return 'refused';
    }
  }
  if (trimmed.startsWith('#') && trimmed.slice(1).trim() !== '')
    return rememberLine(session, ui, trimmed.slice(1).trim());
  ui.followLatest();
  try {
    await session.request(
      'sendMessage',
      attachments.length > 0 ? { text, attachments: [...attachments] } : { text },
    );
    return 'sent';
  } catch (error) {
    note(`The message was not sent: ${errorText(error)}`, 'error');
    return 'refused';
  }
}
