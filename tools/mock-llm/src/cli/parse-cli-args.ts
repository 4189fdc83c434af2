// The CLI's flags: --scenario FILE (required), --port N, --host H, --help.

export const usage = 'usage: mock-llm --scenario FILE [--port N] [--host HOST]';

export class CliUsageError extends Error {}

export type CliArgs =
  { help: true } | { help: false; scenario: string; port: number; host: string };

function flagValue(argv: readonly string[], index: number, flag: string): string {
  const value = argv[index + 1];
  if (value === undefined || value.startsWith('--'))
    throw new CliUsageError(`${flag} needs a value`);
  return value;
}

export function parseCliArgs(argv: readonly string[]): CliArgs {
  let scenario: string | undefined;
  let port = 0;
  let host = '127.0.0.1';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag = '', inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    if (flag === '--help' || flag === '-h') return { help: true };
    if (flag !== '--scenario' && flag !== '--port' && flag !== '--host') {
      throw new CliUsageError(
        arg.startsWith('-') ? `unknown flag ${flag}` : `unexpected argument ${JSON.stringify(arg)}`,
      );
    }
    const value = inline ?? flagValue(argv, i, flag);
    if (inline === undefined) i += 1;
    if (flag === '--scenario') scenario = value;
    else if (flag === '--host') host = value;
    else {
      port = Number(value);
      if (!/^\d+$/.test(value) || port > 65_535)
        throw new CliUsageError(
          `--port must be a port number from 0 to 65535, got ${JSON.stringify(value)}`,
        );
    }
  }
  if (scenario === undefined) throw new CliUsageError('--scenario FILE is required');
  return { help: false, scenario, port, host };
}
