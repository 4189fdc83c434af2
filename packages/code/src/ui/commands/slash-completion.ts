// Commands matching what is typed after `/`: names that start with it first, then names that
// contain it. Shown below the input; Tab completes the selected one.

import type { SlashCommand } from './command-table.js';

/** The commands to offer for `text`, or an empty list when `text` is not a command being typed. */
export function matchingCommands(
  text: string,
  commands: readonly SlashCommand[],
): readonly SlashCommand[] {
  const match = /^\/(\S*)$/.exec(text);
  if (!match) return [];
  const typed = (match[1] ?? '').toLowerCase();
  const starting = commands.filter((command) => command.name.startsWith(typed));
  const containing = commands.filter(
    (command) => !command.name.startsWith(typed) && command.name.includes(typed),
  );
  return [...starting, ...containing];
}

/** The input after completing `command` (a space follows, ready for arguments). */
export function completedInput(command: SlashCommand): string {
  return `/${command.name} `;
}
