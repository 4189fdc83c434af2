// Claude Code's `sandbox.excludedCommands`: programs that run outside the sandbox (and so are
// asked about as any command outside it is). An entry is a command's first words (`docker`,
// `git push`), optionally ending in `:*` or ` *`; a command is excluded when any of its parts
// (each side of a pipe or `&&`, and what a wrapper such as `sudo` or `bash -c` runs) starts with
// one. A command the parser cannot read is not excluded: it stays in the sandbox.
import { splitCommand } from '../rules/command-parts.js';

function prefixOf(entry: string): string {
  return entry
    .trim()
    .replace(/(?::\*| \*)$/, '')
    .trim();
}

function startsWithWords(text: string, prefix: string): boolean {
  return text === prefix || text.startsWith(`${prefix} `);
}

export async function isExcludedCommand(
  command: string,
  excluded: readonly string[],
): Promise<boolean> {
  const prefixes = excluded.map(prefixOf).filter((prefix) => prefix !== '');
  if (prefixes.length === 0) return false;
  const { parts } = await splitCommand(command);
  return parts.some((part) =>
    [part.bareWords, ...part.runs].some((text) =>
      prefixes.some((prefix) => startsWithWords(text, prefix)),
    ),
  );
}
