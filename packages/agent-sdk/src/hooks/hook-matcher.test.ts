import { describe, expect, it } from 'vitest';
import { compileMatcher } from './hook-matcher.js';
import type { Matcher } from './hook-matcher.js';

function matcher(pattern: string): Matcher {
  const compiled = compileMatcher(pattern);
  if (typeof compiled !== 'function') throw new Error(compiled.problem);
  return compiled;
}

describe('compileMatcher', () => {
  it('matches names exactly, and a regular expression against the whole value', () => {
    expect(matcher('Edit|Write')('Write')).toBe(true);
    expect(matcher('Edit|Write')('WriteAll')).toBe(false);
    expect(matcher('mcp__github__.*')('mcp__github__issue')).toBe(true);
    expect(matcher('')('anything')).toBe(true);
  });

  it("takes a renamed tool's old and new names alike (Claude Code 2.1)", () => {
    expect(matcher('Task')('Agent')).toBe(true);
    expect(matcher('Agent')('Task')).toBe(true);
    expect(matcher('BashOutput|KillShell')('TaskOutput')).toBe(true);
    expect(matcher('BashOutput|KillShell')('TaskStop')).toBe(true);
    expect(matcher('Task.*')('Agent')).toBe(true);
    expect(matcher('Age.t')('Task')).toBe(true);
    expect(matcher('Task')('Bash')).toBe(false);
    expect(matcher('TaskOutput')('TaskStop')).toBe(false);
  });
});
