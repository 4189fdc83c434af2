// A Bash rule's specifier against one simple command, as Claude Code reads it:
// - exact:   `npm run build` matches only that command;
// - prefix:  `npm run test:*` (`:*` at the very end only) matches `npm run test` and
//            `npm run test <anything>`, never `npm run testing`;
// - `*`:     any run of characters, spaces included (`git * main`); a single trailing ` *` may
//            also match nothing, so `ls *` matches `ls` and `ls -la` but not `lsof`.

export type BashPatternProblem = string;

/** Why a specifier cannot be a Bash pattern, or undefined when it can. */
export function bashPatternProblem(specifier: string): BashPatternProblem | undefined {
  const prefixMark = specifier.indexOf(':*');
  if (prefixMark !== -1 && prefixMark !== specifier.length - 2)
    return '":*" may only end a Bash rule (write "npm run test:*"); use "*" for a wildcard elsewhere';
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function bashPatternMatches(specifier: string, command: string): boolean {
  if (specifier.endsWith(':*')) {
    const prefix = specifier.slice(0, -2);
    return command === prefix || command.startsWith(`${prefix} `);
  }
  if (!specifier.includes('*')) return command === specifier;
  const body = specifier.split('*').map(escapeRegExp).join('[\\s\\S]*');
  if (new RegExp(`^${body}$`).test(command)) return true;
  // `ls *` also matches a bare `ls` (the trailing wildcard is optional when it is the only one).
  const stars = specifier.split('*').length - 1;
  return stars === 1 && specifier.endsWith(' *') && command === specifier.slice(0, -2);
}
