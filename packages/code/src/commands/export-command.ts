// /export: the conversation as Markdown (shared-protocol's conversationMarkdown). `/export FILE`
// writes FILE (relative to the work folder); `/export` alone writes Claude Code's kind of name
// (date, time, first words) in the work folder; either way an existing file is never
// overwritten — the user gives another name or removes it. `/export --copy` asks the host to put
// it on the clipboard (the terminal does it with OSC 52; a host that cannot says so).
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  errorCode,
  errorText,
  exportFileName,
  sessionMarkdown,
  SLASH_COMMANDS,
} from '@wave-agent/shared-protocol';
import type { CommandContext, SlashCommand } from './command-context.js';

export const COPY_FLAG = '--copy';

/** The typed file name without the quotes a user may put around a name with spaces. */
function typedName(args: string): string {
  const quoted = /^(["'])(.*)\1$/.exec(args);
  return quoted?.[2] ?? args;
}

function writeProblem(path: string, error: unknown): string {
  switch (errorCode(error)) {
    case 'EEXIST':
      return `${path} already exists; /export does not overwrite a file: give another name, or delete that file first.`;
    case 'ENOENT':
      return `Cannot write ${path}: its folder does not exist. Create the folder, or give a path in an existing one.`;
    case 'EISDIR':
      return `${path} is a folder: give a file name (e.g. /export notes.md).`;
    default:
      return `Cannot write ${path} (${errorText(error)}); give another path.`;
  }
}

async function copy(context: CommandContext, markdown: string): Promise<void> {
  const reply = await context.askHost('clipboard', markdown);
  if (reply === false) {
    context.print(
      'This window cannot reach the clipboard; /export FILE writes the conversation to a file instead.',
      'warning',
    );
    return;
  }
  context.print(reply.message ?? 'Copied the conversation as Markdown.', reply.level ?? 'info');
}

export const exportCommand: SlashCommand = {
  ...SLASH_COMMANDS.export,
  async run(context) {
    if (context.messages.length === 0) {
      context.print('There is nothing to export yet: the conversation is empty.', 'warning');
      return;
    }
    const snapshot = context.session.getSnapshot();
    const now = new Date();
    const markdown = sessionMarkdown(snapshot, now.getTime(), context.messages);
    if (context.args === COPY_FLAG) return copy(context, markdown);
    const name =
      context.args === '' ? exportFileName(context.messages, now) : typedName(context.args);
    const path = resolve(snapshot.workdir, name);
    try {
      // `wx`: the name is the user's (or a fresh date's); a file already there is left alone.
      await writeFile(path, markdown, { flag: 'wx' });
    } catch (error) {
      context.print(writeProblem(path, error), 'error');
      return;
    }
    context.print(`Exported the conversation as Markdown to ${path}`);
  },
};
