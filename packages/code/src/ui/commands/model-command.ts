// /model: shows the model; /model NAME switches it for this session; --save also keeps it in
// the user settings, --project in this project's settings (the host saves).

import { SLASH_COMMANDS } from '@wave-agent/shared-protocol';
import type { SlashCommand } from './command-table.js';

export interface ModelArguments {
  readonly name: string;
  readonly save: 'user' | 'project' | undefined;
}

const FLAG = /(?:^|\s)--(save|project)(?=\s|$)/g;

export function parseModelArguments(args: string): ModelArguments {
  const flags = [...args.matchAll(FLAG)].map((match) => match[1]);
  const name = args.replace(FLAG, ' ').trim();
  const save = flags.includes('project') ? 'project' : flags.includes('save') ? 'user' : undefined;
  return { name, save };
}

const USAGE =
  'Type /model NAME to switch for this session; add --save to keep it for next time, or --project to keep it for this project.';

export const modelCommand: SlashCommand = {
  ...SLASH_COMMANDS.model,
  run: async (context) => {
    const { provider, model, reason } = context.session.getSnapshot().model;
    const wanted = parseModelArguments(context.args);
    if (wanted.name === '' && wanted.save === undefined) {
      context.print(`Model: ${model} (${provider}${reason ? `; ${reason}` : ''}). ${USAGE}`);
      return;
    }
    if (wanted.name === '' || /\s/.test(wanted.name)) {
      context.print(USAGE, 'warning');
      return;
    }
    try {
      await context.session.setModel(wanted.name);
    } catch (error) {
      context.print(
        `Could not switch to ${wanted.name}: ${error instanceof Error ? error.message : String(error)}`,
        'warning',
      );
      return;
    }
    if (wanted.save === undefined) {
      context.print(
        `Now using ${wanted.name} for this session; add --save to keep it for next time.`,
      );
      return;
    }
    const reply = await context.askHost('model', context.args);
    if (reply === false) {
      context.print(
        `Now using ${wanted.name} for this session; saving it is not available here.`,
        'warning',
      );
      return;
    }
    context.print(
      `Now using ${wanted.name}.${reply.message ? ` ${reply.message}` : ''}`,
      reply.level ?? 'info',
    );
  },
};
