// A hook's matcher, as Claude Code reads it: empty or `*` matches everything; a name or names
// joined by `|` (`Edit|Write`) match exactly; anything else is a regular expression (`Notebook.*`,
// `mcp__github__.*`), tested against the whole value. A renamed tool answers to its old names
// too (`Task` matches Agent calls, `Agent` a call the model made as `Task`: tool-aliases.ts).

import { errorText } from '@wave-agent/shared-protocol';
import { currentToolName, formerToolNames } from '../tools/tool-aliases.js';

const PLAIN_NAMES = /^[A-Za-z0-9_|-]*$/;

export type Matcher = (value: string) => boolean;

/** The matcher's test, or a sentence saying why it is not a valid regular expression. */
export function compileMatcher(matcher: string): Matcher | { readonly problem: string } {
  const pattern = matcher.trim();
  if (pattern === '' || pattern === '*') return () => true;
  if (PLAIN_NAMES.test(pattern)) {
    const names = new Set(pattern.split('|').filter(Boolean).map(currentToolName));
    return (value) => names.has(currentToolName(value));
  }
  try {
    const regex = new RegExp(`^(?:${pattern})$`);
    return (value) => namesOf(value).some((name) => regex.test(name));
  } catch (error) {
    return { problem: errorText(error) };
  }
}

/** The value and, for a renamed tool, its other names. */
function namesOf(value: string): readonly string[] {
  const current = currentToolName(value);
  return [...new Set([value, current, ...formerToolNames(current)])];
}
