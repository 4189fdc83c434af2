// The built-in slash commands: the small ones here, the larger ones in their own files. Names,
// descriptions and arguments come from the table every Wave UI shares (shared-protocol).

import {
  customCommandHelp,
  isSlashCommandName,
  SLASH_COMMANDS,
  errorText,
} from '@wave-agent/shared-protocol';
import { btwCommand } from '../../commands/btw-command.js';
import type { SlashCommand } from '../../commands/command-context.js';
import { compactCommand } from '../../commands/compact-command.js';
import { modelCommand } from '../../commands/model-command.js';
import { effortCommand } from '../../commands/effort-command.js';
import { resumeCommand } from './resume-command.js';
import { rewindCommand } from '../../commands/rewind-command.js';
import { tasksCommand } from '../../commands/tasks-command.js';
import { planCommand } from '../../commands/plan-command.js';
import { mcpCommand } from '../../commands/mcp-command.js';
import { sandboxCommand } from '../../commands/sandbox-command.js';
import { permissionsCommand } from '../../commands/permissions-command.js';
import { hooksCommand } from '../../commands/hooks-command.js';
import { memoryCommand, skillsCommand } from '../../commands/context-commands.js';
import { addDirCommand } from '../../commands/add-dir-command.js';
import { costCommand, usageCommand } from '../../commands/usage-command.js';
import { contextWindowCommand } from '../../commands/context-window-command.js';
import { exportCommand } from '../../commands/export-command.js';
import { doctorCommand } from '../../commands/doctor-command.js';

const KEYS_HELP = [
  'Enter sends · Alt+Enter or \\ then Enter adds a line · ↑/↓ history',
  'Esc stops the reply · Ctrl+O expanded view · Shift+Tab permission mode · Alt+T effort · Ctrl+C twice exits',
  'A message sent while a reply runs waits in the queue: ↑ on an empty prompt edits it',
  '  (Enter saves, an empty text or Ctrl+D deletes it, Esc cancels)',
  '!command runs a shell command (when no reply runs)',
  'Ctrl+R searches the prompts of this folder (again: older; Enter takes; Esc leaves)',
  'Ctrl+G writes the prompt in $VISUAL/$EDITOR · Esc Esc on an empty prompt goes back (/rewind)',
  'Ctrl+A/Ctrl+E line start/end · Ctrl+U/Ctrl+W delete to line start/a word · Ctrl+J new line',
].join('\n');

function helpText(commands: readonly SlashCommand[]): string {
  const width = Math.max(
    ...commands.map(
      (command) =>
        command.name.length + (command.argumentHint ? command.argumentHint.length + 1 : 0),
    ),
  );
  const rows = commands.map((command) => {
    const label = command.argumentHint ? `${command.name} ${command.argumentHint}` : command.name;
    return `  /${label.padEnd(width)}  ${command.description}`;
  });
  return ['Commands:', ...rows, '', KEYS_HELP].join('\n');
}

export const helpCommand: SlashCommand = {
  ...SLASH_COMMANDS.help,
  run: (context) => {
    const { commands } = context.session.getSnapshot().context;
    const custom = customCommandHelp(commands);
    // The custom ones are listed below with the file each comes from.
    const customNames = new Set(commands.map((command) => command.name));
    const text = helpText(
      context.commands.filter(
        (command) => isSlashCommandName(command.name) || !customNames.has(command.name),
      ),
    );
    context.print(custom.length > 0 ? `${text}\n\n${custom.join('\n')}` : text);
  },
};

export const clearCommand: SlashCommand = {
  ...SLASH_COMMANDS.clear,
  run: async (context) => {
    try {
      await context.session.clear();
      context.print('── conversation cleared ──');
    } catch (error) {
      context.print(`/clear failed: ${errorText(error)}`, 'error');
    }
  },
};

export const exitCommand: SlashCommand = {
  ...SLASH_COMMANDS.exit,
  run: (context) => context.exit(),
};

export const defaultCommands: readonly SlashCommand[] = [
  helpCommand,
  clearCommand,
  resumeCommand,
  rewindCommand,
  compactCommand,
  btwCommand,
  modelCommand,
  effortCommand,
  tasksCommand,
  mcpCommand,
  sandboxCommand,
  permissionsCommand,
  hooksCommand,
  memoryCommand,
  skillsCommand,
  planCommand,
  exitCommand,
  addDirCommand,
  usageCommand,
  costCommand,
  contextWindowCommand,
  exportCommand,
  doctorCommand,
];
