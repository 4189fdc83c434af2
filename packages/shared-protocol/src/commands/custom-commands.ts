// How every UI offers the custom commands of the session state (`SessionState.context.commands`)
// beside its own table: the same completion entries, and the same /help lines saying which file
// each comes from. A command whose file cannot be used is offered with the reason, so the user
// learns why instead of finding it missing.
import type { CustomCommandInfo } from '../rpc/project-context.js';
import type { SlashCommandInfo } from './slash-commands.js';

/** A custom command as a completion entry; sending it is sending the typed text as a message. */
export function customCommandEntry(command: CustomCommandInfo): SlashCommandInfo {
  return {
    name: command.name,
    description:
      command.problem !== undefined ? `cannot be used: ${command.problem}` : command.description,
    ...(command.argumentHint !== undefined ? { argumentHint: command.argumentHint } : {}),
    echo: false,
  };
}

/** The custom commands a UI adds to its own: those whose names its own table does not take. */
export function customCommandEntries(
  commands: readonly CustomCommandInfo[],
  own: readonly { readonly name: string }[],
): SlashCommandInfo[] {
  const taken = new Set(own.map((command) => command.name));
  return commands.filter((command) => !taken.has(command.name)).map(customCommandEntry);
}

/** /help's lines for the custom commands: name, hint, description, and the file it comes from. */
export function customCommandHelp(commands: readonly CustomCommandInfo[]): string[] {
  if (commands.length === 0) return [];
  const rows = commands.map((command) => {
    const label = command.argumentHint ? `${command.name} ${command.argumentHint}` : command.name;
    const shadows =
      command.shadows && command.shadows.length > 0 ? `; over ${command.shadows.join(', ')}` : '';
    const what =
      command.problem !== undefined ? `cannot be used: ${command.problem}` : command.description;
    return `  /${label}  ${what}  (${command.source}${shadows})`;
  });
  return ['Custom commands:', ...rows];
}
