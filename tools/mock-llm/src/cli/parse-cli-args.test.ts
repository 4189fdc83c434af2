import { describe, expect, it } from 'vitest';
import { CliUsageError, parseCliArgs } from './parse-cli-args.js';

describe('parseCliArgs', () => {
  it('reads --scenario, --port and --host, with defaults for the last two', () => {
    expect(parseCliArgs(['--scenario', 'a.json'])).toEqual({
      help: false,
      scenario: 'a.json',
      port: 0,
      host: '127.0.0.1',
    });
    expect(parseCliArgs(['--port=8080', '--scenario=b.json', '--host', '0.0.0.0'])).toEqual({
      help: false,
      scenario: 'b.json',
      port: 8080,
      host: '0.0.0.0',
    });
  });

  it('asks for help', () => {
    expect(parseCliArgs(['--help'])).toEqual({ help: true });
  });

  it.each([
    [[], '--scenario FILE is required'],
    [['--scenario'], '--scenario needs a value'],
    [['--scenario', 'a.json', '--verbose'], 'unknown flag --verbose'],
    [['a.json'], 'unexpected argument "a.json"'],
    [
      ['--scenario', 'a.json', '--port', 'http'],
      '--port must be a port number from 0 to 65535, got "http"',
    ],
    [
      ['--scenario', 'a.json', '--port', '70000'],
      '--port must be a port number from 0 to 65535, got "70000"',
    ],
  ])('rejects %j: %s', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(new CliUsageError(message));
  });
});
