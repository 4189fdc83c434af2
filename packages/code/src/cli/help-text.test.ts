import { describe, expect, it } from 'vitest';
import { HELP_TEXT } from './help-text.js';
import { parseCliArgs } from './parse-cli-args.js';
import { PRINT_FLAG_OPTIONS } from './print-flags.js';

const FLAGS = [
  '-p, --print',
  '--output-format',
  '--provider',
  '--model',
  '--base-url',
  '--api-key',
  '--permission-mode',
  '--allowedTools',
  '--disallowedTools',
  '--add-dir',
  '--effort',
  '--max-turns',
  '--sandbox',
  '--no-sandbox',
  '--cwd',
  '-r, --resume',
  '-c, --continue',
  '--stdio',
  '--acp',
  '--port',
  '--host',
  '--no-open',
  '-v, --version',
  '-h, --help',
  '--session-id',
  '--fork-session',
  '--no-session-persistence',
  '--system-prompt',
  '--system-prompt-file',
  '--append-system-prompt',
  '--append-system-prompt-file',
  '--tools',
  '--dangerously-skip-permissions',
  '--mcp-config',
  '--strict-mcp-config',
  '--max-budget-usd',
  '--settings',
  '--setting-sources',
  '--json-schema',
  '--fallback-model',
  '--input-format',
];

/** Claude Code's print-mode flags: given with -p (and --fork-session with -c). */
const PRINT_ONLY: Record<string, readonly string[]> = {
  '--session-id': ['--session-id', 'abc'],
  '--fork-session': ['-c', '--fork-session'],
  '--no-session-persistence': ['--no-session-persistence'],
  '--system-prompt': ['--system-prompt', 'x'],
  '--system-prompt-file': ['--system-prompt-file', 'package.json'],
  '--append-system-prompt': ['--append-system-prompt', 'x'],
  '--append-system-prompt-file': ['--append-system-prompt-file', 'package.json'],
  '--tools': ['--tools', 'Read'],
  '--max-budget-usd': ['--max-budget-usd', '1'],
  '--json-schema': ['--json-schema', '{"type": "object"}'],
  '--fallback-model': ['--fallback-model', 'haiku'],
  '--input-format': ['--input-format', 'text'],
};

describe('the help text', () => {
  it('describes every flag the parser accepts, and no other', () => {
    for (const flag of FLAGS) expect(HELP_TEXT).toContain(`  ${flag}`);
    const described = [...HELP_TEXT.matchAll(/^\s+(?:-\w, )?(--[A-Za-z-]+)/gm)].map(
      (match) => match[1]!,
    );
    for (const flag of described) {
      const needsValue =
        /--(output-format|provider|model|base-url|api-key|permission-mode|effort|max-turns|cwd|allowedTools|disallowedTools|add-dir|mcp-config|settings|setting-sources)$/.test(
          flag,
        );
      const sample: Record<string, string> = {
        '--output-format': 'json',
        '--provider': 'demo',
        '--permission-mode': 'plan',
        '--effort': 'low',
        '--max-turns': '2',
        '--allowedTools': 'Bash(git log:*) Edit',
        '--disallowedTools': 'Write',
        '--mcp-config': '{"mcpServers": {}}',
        '--settings': '{}',
        '--setting-sources': 'user',
      };
      const webOnly = /--(port|host|no-open)$/.test(flag);
      const printOnly = PRINT_ONLY[flag];
      const argv = printOnly
        ? ['-p', 'hi', ...printOnly]
        : flag === '--output-format'
          ? ['-p', flag, 'json']
          : webOnly
            ? ['web', flag, ...(flag === '--no-open' ? [] : [flag === '--port' ? '8080' : 'x'])]
            : needsValue
              ? [flag, sample[flag] ?? 'x']
              : [flag];
      expect(() => parseCliArgs(argv), flag).not.toThrow();
    }
    expect(described.length).toBe(FLAGS.length);
    for (const name of Object.keys(PRINT_FLAG_OPTIONS)) expect(FLAGS).toContain(`--${name}`);
  });

  it('says which framing --stdio expects', () => {
    expect(HELP_TEXT).toContain('Content-Length: <bytes>\\r\\n\\r\\n<JSON>');
    expect(HELP_TEXT).toMatch(/not one JSON per line/);
  });

  it('fits a 100-column terminal', () => {
    const long = HELP_TEXT.split('\n').filter((line) => line.length > 100);
    expect(long).toEqual([]);
  });
});
