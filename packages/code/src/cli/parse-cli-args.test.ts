import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './parse-cli-args.js';
import { UsageError, usageLine } from './usage-error.js';

function rejection(argv: string[]): string {
  try {
    parseCliArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) return usageLine(error);
    throw error;
  }
  throw new Error(`expected ${argv.join(' ')} to be rejected`);
}

describe('parseCliArgs', () => {
  it('starts the interactive UI with no arguments', () => {
    expect(parseCliArgs([])).toEqual({
      help: false,
      version: false,
      mode: 'interactive',
      outputFormat: 'text',
      continueSession: false,
    });
  });

  it('reads print mode, its prompt and every setting flag', () => {
    const options = parseCliArgs([
      '-p',
      'fix',
      'the bug',
      '--output-format',
      'stream-json',
      '--model=m1',
      '--provider',
      'openai',
      '--base-url',
      'http://x/v1',
      '--api-key',
      'k',
      '--permission-mode',
      'plan',
      '--max-turns',
      '7',
      '--cwd',
      '/tmp',
    ]);
    expect(options).toEqual({
      help: false,
      version: false,
      mode: 'print',
      prompt: 'fix the bug',
      outputFormat: 'stream-json',
      model: 'm1',
      provider: 'openai',
      baseURL: 'http://x/v1',
      apiKey: 'k',
      permissionMode: 'plan',
      maxTurns: 7,
      cwd: '/tmp',
      continueSession: false,
    });
  });

  it('reads --sandbox and --no-sandbox, and refuses both together', () => {
    expect(parseCliArgs(['--sandbox']).sandbox).toBe(true);
    expect(parseCliArgs(['--no-sandbox']).sandbox).toBe(false);
    expect(parseCliArgs([])).not.toHaveProperty('sandbox');
    expect(() => parseCliArgs(['--sandbox', '--no-sandbox'])).toThrow(
      '--sandbox and --no-sandbox cannot be used together; choose one.',
    );
  });

  it('takes a prompt that starts with a dash after --', () => {
    expect(parseCliArgs(['-p', '--', '--weird prompt']).prompt).toBe('--weird prompt');
  });

  it('reads --resume with and without an id, and --continue', () => {
    expect(parseCliArgs(['--resume']).resume).toEqual({});
    expect(parseCliArgs(['--resume', 'abc-123']).resume).toEqual({ sessionId: 'abc-123' });
    expect(parseCliArgs(['--resume=abc-123']).resume).toEqual({ sessionId: 'abc-123' });
    expect(parseCliArgs(['--continue']).continueSession).toBe(true);
    expect(parseCliArgs(['--continue', 'and', 'then']).prompt).toBe('and then');
  });

  it('refuses a --resume id that is not a plain session id (it would name a file elsewhere)', () => {
    for (const id of ['../../x/stolen', '/etc/passwd', '.hidden'])
      expect(rejection(['--resume', id])).toContain(`--resume: "${id}" is not a session id`);
  });

  it('refuses --resume with --continue, and both outside the interactive UI and print mode', () => {
    expect(rejection(['--resume', '--continue'])).toContain(
      '--resume and --continue cannot be used together; choose one.',
    );
    expect(rejection(['--resume', '-p', 'hi'])).toContain(
      'in print mode --resume needs the id of the session',
    );
    expect(parseCliArgs(['-r', 'abc', '-p', 'hi']).resume).toEqual({ sessionId: 'abc' });
    expect(parseCliArgs(['-c', '-p', 'hi']).continueSession).toBe(true);
    expect(rejection(['--continue', '--stdio'])).toContain(
      '--continue works in the interactive UI only; editor hosts open a saved session',
    );
    expect(rejection(['--resume', 'abc', '--acp'])).toContain(
      '--resume works in the interactive UI only; an ACP editor opens a saved session from its history (session/load).',
    );
  });

  it('reads --stdio, --acp, -v and -h', () => {
    expect(parseCliArgs(['--stdio']).mode).toBe('stdio');
    expect(parseCliArgs(['--acp', '--permission-mode', 'plan'])).toMatchObject({
      mode: 'acp',
      permissionMode: 'plan',
    });
    expect(parseCliArgs(['-v']).version).toBe(true);
    expect(parseCliArgs(['--help']).help).toBe(true);
  });

  it('names the flag at fault in one line that points to --help', () => {
    const cases: [string[], string][] = [
      [['--foo'], 'wave: unknown option --foo. Run wave --help for the options.'],
      [['-x'], 'wave: unknown option -x. Run wave --help for the options.'],
      [['--model'], 'wave: --model needs a value. Run wave --help for the options.'],
      [
        ['--model', ''],
        'wave: --model needs a value, not an empty string. Run wave --help for the options.',
      ],
      [
        ['--model', '--stdio'],
        'wave: --model needs a value, but --stdio looks like an option; write --model=--stdio if that is the value. Run wave --help for the options.',
      ],
      [['--stdio=yes'], 'wave: --stdio takes no value. Run wave --help for the options.'],
      [
        ['-p', 'x', '--output-format', 'xml'],
        'wave: --output-format must be text, json or stream-json, not "xml". Run wave --help for the options.',
      ],
      [
        ['--permission-mode', 'yolo'],
        'wave: --permission-mode must be default, acceptEdits, bypassPermissions, plan or dontAsk, not "yolo". Run wave --help for the options.',
      ],
      [
        ['--effort', 'hard'],
        'wave: --effort must be off, low, medium, high or max, not "hard". Run wave --help for the options.',
      ],
      [
        ['--provider', 'foo'],
        'wave: unknown provider "foo" for --provider; use anthropic, openai, google, vertex, bedrock or demo. Run wave --help for the options.',
      ],
      [
        ['--max-turns', '0'],
        'wave: --max-turns must be a whole number of at least 1, not "0". Run wave --help for the options.',
      ],
      [
        ['--max-turns', '2.5'],
        'wave: --max-turns must be a whole number of at least 1, not "2.5". Run wave --help for the options.',
      ],
      [
        ['-p', 'x', '--stdio'],
        'wave: -p/--print and --stdio cannot be used together; choose one. Run wave --help for the options.',
      ],
      [
        ['--acp', '--stdio'],
        'wave: --stdio and --acp cannot be used together; choose one. Run wave --help for the options.',
      ],
      [
        ['web', '--acp'],
        'wave: wave web and --acp cannot be used together; choose one. Run wave --help for the options.',
      ],
      [
        ['--output-format', 'json'],
        'wave: --output-format only applies to print mode; add -p "your prompt". Run wave --help for the options.',
      ],
    ];
    for (const [argv, line] of cases) expect(rejection(argv)).toBe(line);
  });
});

describe('the permission flags', () => {
  it('read rules split by commas or spaces outside parentheses, from either spelling, repeated', () => {
    expect(
      parseCliArgs([
        '--allowedTools',
        'Bash(git log:*) Edit',
        '--allowed-tools=Read,Bash(npm run test:*)',
        '--disallowedTools',
        'Write',
        '--add-dir',
        '../lib',
        '--add-dir',
        '/srv/data',
      ]),
    ).toMatchObject({
      allowedTools: ['Bash(git log:*)', 'Edit', 'Read', 'Bash(npm run test:*)'],
      disallowedTools: ['Write'],
      addDirs: ['../lib', '/srv/data'],
    });
  });

  it('refuse a rule that cannot be read, saying which flag and why', () => {
    expect(() => parseCliArgs(['--allowedTools', 'Bash(git log:*'])).toThrow(
      'the command line (--allowedTools): the allow rule "Bash(git log:*" cannot be read: the specifier is not closed: write Bash(…).',
    );
  });

  it('take dontAsk as a permission mode', () => {
    expect(parseCliArgs(['--permission-mode', 'dontAsk'])).toMatchObject({
      permissionMode: 'dontAsk',
    });
  });
});
