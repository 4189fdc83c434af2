// The built-in slash commands.

import type { CommandContext, SlashCommand } from './command-table.js';

const KEYS_HELP = [
  'Enter sends · Alt+Enter or \\ then Enter adds a line · ↑/↓ history',
  'Esc stops the reply · Ctrl+O expanded view · Shift+Tab permission mode · Ctrl+C twice exits',
  '!command runs a shell command',
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

async function hostOrExplain(
  context: CommandContext,
  name: string,
  unavailable: string,
  done: string,
): Promise<void> {
  try {
    const reply = await context.askHost(name, context.args);
    if (reply === false) {
      context.print(unavailable, 'warning');
      return;
    }
    context.print(reply.message ?? done, reply.level ?? 'info');
  } catch (error) {
    context.print(
      `/${name} failed: ${error instanceof Error ? error.message : String(error)}`,
      'error',
    );
  }
}

export const helpCommand: SlashCommand = {
  name: 'help',
  description: 'Show commands and keys',
  run: (context) => context.print(helpText(context.commands)),
};

export const clearCommand: SlashCommand = {
  name: 'clear',
  description: 'Start a new conversation',
  run: (context) =>
    hostOrExplain(
      context,
      'clear',
      'Clearing the conversation is not available in this build.',
      '── conversation cleared ──',
    ),
};

export const modelCommand: SlashCommand = {
  name: 'model',
  description: 'Show or switch the model',
  argumentHint: '[name]',
  run: (context) => {
    const { provider, model, reason } = context.agent.provider;
    if (context.args === '') {
      context.print(`Model: ${model} (${provider}; ${reason}). Type /model NAME to switch.`);
      return;
    }
    return hostOrExplain(
      context,
      'model',
      `Switching the model is not available here. Start wave with --model ${context.args}.`,
      `Model set to ${context.args}.`,
    );
  },
};

export const exitCommand: SlashCommand = {
  name: 'exit',
  description: 'Leave wave',
  run: (context) => context.exit(),
};

export const defaultCommands: readonly SlashCommand[] = [
  helpCommand,
  clearCommand,
  modelCommand,
  exitCommand,
];
