import { describe, expect, it } from 'vitest';
import { HELP_TEXT } from './help-text.js';
import { parseCliArgs } from './parse-cli-args.js';

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
  '--resume',
  '--continue',
  '--stdio',
  '--acp',
  '--port',
  '--host',
  '--no-open',
  '-v, --version',
  '-h, --help',
  '--mcp-config',
  '--strict-mcp-config',
];

describe('the help text', () => {
  it('describes every flag the parser accepts, and no other', () => {
    for (const flag of FLAGS) expect(HELP_TEXT).toContain(`  ${flag}`);
    const described = [...HELP_TEXT.matchAll(/^\s+(?:-\w, )?(--[A-Za-z-]+)/gm)].map(
      (match) => match[1]!,
    );
    for (const flag of described) {
      const needsValue =
        /--(output-format|provider|model|base-url|api-key|permission-mode|effort|max-turns|cwd|allowedTools|disallowedTools|add-dir|mcp-config)$/.test(
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
      };
      const webOnly = /--(port|host|no-open)$/.test(flag);
      const argv =
        flag === '--output-format'
          ? ['-p', flag, 'json']
          : webOnly
            ? ['web', flag, ...(flag === '--no-open' ? [] : [flag === '--port' ? '8080' : 'x'])]
            : needsValue
              ? [flag, sample[flag] ?? 'x']
              : [flag];
      expect(() => parseCliArgs(argv), flag).not.toThrow();
    }
    expect(described.length).toBe(FLAGS.length);
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
