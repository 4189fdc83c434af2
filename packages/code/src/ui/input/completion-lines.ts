// The slash-command completion list shown below the prompt.

import { paint } from '../render/ansi.js';
import { truncateAnsiLine } from '../render/ansi-lines.js';
import type { SlashCommand } from '../../commands/command-context.js';

// Every built-in command fits, so typing "/" shows them all; with a folder's custom commands the
// list scrolls to keep the selected one in view.
export const MAX_COMPLETIONS = 13;

export function completionLines(
  completions: readonly SlashCommand[],
  selected: number,
  width: number,
): string[] {
  const first = Math.max(0, selected - MAX_COMPLETIONS + 1);
  const shown = completions.slice(first, first + MAX_COMPLETIONS);
  const nameWidth = Math.max(
    0,
    ...shown.map(
      (command) =>
        command.name.length + (command.argumentHint ? command.argumentHint.length + 1 : 0),
    ),
  );
  return shown.map((command, index) => {
    const label =
      `/${command.argumentHint ? `${command.name} ${command.argumentHint}` : command.name}`.padEnd(
        nameWidth + 1,
      );
    const line = `  ${label}  ${paint(command.description, { dim: true })}`;
    return truncateAnsiLine(
      index + first === selected ? paint(line, { color: 'cyan', bold: true }) : line,
      width,
    );
  });
}
