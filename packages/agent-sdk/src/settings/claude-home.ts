// The user's Claude Code folder, read beside $WAVE_HOME so a Claude Code user's own setup works
// without copying a file: `~/.claude` (or `CLAUDE_CONFIG_DIR`, as Claude Code reads it). Its
// settings.json (rules, hooks, env), CLAUDE.md, commands/, skills/ and agents/ are the user's own
// words, like $WAVE_HOME's, and $WAVE_HOME's win where both name the same thing. Whoever builds an
// Agent decides whether it is read (`AgentOptions.claudeHome`); the CLI reads it unless the user's
// settings say `"readClaudeHome": false`.
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

export function resolveClaudeHome(env: Readonly<Record<string, string | undefined>>): string {
  const configured = env['CLAUDE_CONFIG_DIR']?.trim();
  if (configured && isAbsolute(configured)) return resolve(configured);
  return join(homedir(), '.claude');
}
