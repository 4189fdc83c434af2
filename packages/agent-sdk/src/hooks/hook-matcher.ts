// A hook's matcher, as Claude Code reads it: empty or `*` matches everything; a name or names
// joined by `|` (`Edit|Write`) match exactly; anything else is a regular expression (`Notebook.*`,
// `mcp__github__.*`), tested against the whole value.

import { errorText } from '@wave-agent/shared-protocol';

const PLAIN_NAMES = /^[A-Za-z0-9_|-]*$/;

export type Matcher = (value: string) => boolean;

/** The matcher's test, or a sentence saying why it is not a valid regular expression. */
export function compileMatcher(matcher: string): Matcher | { readonly problem: string } {
  const pattern = matcher.trim();
  if (pattern === '' || pattern === '*') return () => true;
  if (PLAIN_NAMES.test(pattern)) {
    const names = new Set(pattern.split('|').filter(Boolean));
    return (value) => names.has(value);
  }
  try {
    const regex = new RegExp(`^(?:${pattern})$`);
    return (value) => regex.test(value);
  } catch (error) {
    return { problem: errorText(error) };
  }
}
