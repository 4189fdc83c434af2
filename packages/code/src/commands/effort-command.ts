// /effort: how hard the model thinks (rpc/effort-level.ts). Without a level, a picker of them
// with the current one highlighted; /effort LEVEL sets it for this session, from the model's
// next call. The level is session state: every host shows the change.

import {
  EFFORT_LEVELS,
  SLASH_COMMANDS,
  errorText,
  isEffortLevel,
} from '@wave-agent/shared-protocol';
import type { EffortLevel } from '@wave-agent/shared-protocol';
import type { CommandContext, PickerSpec, SlashCommand } from './command-context.js';

/** What each level asks of the model, in words the picker shows. */
export const EFFORT_DETAILS: Readonly<Record<EffortLevel, string>> = {
  off: 'no extended thinking',
  low: 'think briefly',
  medium: 'think some',
  high: 'think hard (the default)',
  max: 'think as much as the model can',
};

export function effortPicker(current: EffortLevel): PickerSpec {
  return {
    title: 'How hard should the model think?',
    items: EFFORT_LEVELS.map((level) => ({
      label: level,
      detail: `${EFFORT_DETAILS[level]}${level === current ? ' · current' : ''}`,
    })),
    initial: EFFORT_LEVELS.indexOf(current),
    escapeHint: `Esc keeps ${current}`,
  };
}

async function setEffort(context: CommandContext, effort: EffortLevel): Promise<void> {
  try {
    const { note } = await context.session.setEffort(effort);
    context.print(`Effort is now ${effort}: ${EFFORT_DETAILS[effort]}.${note ? ` ${note}` : ''}`);
  } catch (error) {
    context.print(`Could not set the effort to ${effort}: ${errorText(error)}`, 'warning');
  }
}

export const effortCommand: SlashCommand = {
  ...SLASH_COMMANDS.effort,
  async run(context) {
    const wanted = context.args.trim().toLowerCase();
    if (wanted) {
      if (!isEffortLevel(wanted)) {
        context.print(
          `"${wanted}" is not an effort level; type /effort followed by one of: ${EFFORT_LEVELS.join(', ')}.`,
          'warning',
        );
        return;
      }
      await setEffort(context, wanted);
      return;
    }
    const current = context.session.getSnapshot().effort;
    const chosen = await context.choose(effortPicker(current));
    const level = chosen === undefined ? undefined : EFFORT_LEVELS[chosen];
    if (level === undefined) {
      context.print(
        `Effort: ${current} (${EFFORT_DETAILS[current]}). Type /effort LEVEL to change it: ${EFFORT_LEVELS.join(', ')}.`,
      );
      return;
    }
    await setEffort(context, level);
  },
};
