// Arguments → CliOptions. Parsing is strict (node:util parseArgs); when it rejects the command
// line, the tokens are walked again to name the culprit in one line a person can act on.
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { invalidSessionIdReason, isValidSessionId } from '@wave-agent/agent-sdk';
import { EFFORT_LEVELS, PERMISSION_MODES, PROVIDER_NAMES } from '@wave-agent/shared-protocol';
import type { PermissionMode } from '@wave-agent/shared-protocol';
import { OUTPUT_FORMATS } from './cli-options.js';
import { permissionFlagProblems, splitRules } from './permission-flags.js';
import { PRINT_FLAG_OPTIONS, printFlags, skipPermissionsMode } from './print-flags.js';
import type { CliMode, CliOptions, OutputFormat, WebOptions } from './cli-options.js';
import { UsageError } from './usage-error.js';
import { takeMcpConfigFlags } from './mcp-config-flags.js';
import { SETTINGS_FLAG_OPTIONS, settingsFlags } from './settings-flags.js';

const OPTIONS = {
  print: { type: 'boolean', short: 'p' },
  'output-format': { type: 'string' },
  model: { type: 'string' },
  provider: { type: 'string' },
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  'permission-mode': { type: 'string' },
  allowedTools: { type: 'string', multiple: true },
  'allowed-tools': { type: 'string', multiple: true },
  disallowedTools: { type: 'string', multiple: true },
  'disallowed-tools': { type: 'string', multiple: true },
  'add-dir': { type: 'string', multiple: true },
  effort: { type: 'string' },
  'max-turns': { type: 'string' },
  cwd: { type: 'string' },
  stdio: { type: 'boolean' },
  acp: { type: 'boolean' },
  resume: { type: 'boolean', short: 'r' },
  continue: { type: 'boolean', short: 'c' },
  port: { type: 'string' },
  host: { type: 'string' },
  'no-open': { type: 'boolean' },
  sandbox: { type: 'boolean' },
  'no-sandbox': { type: 'boolean' },
  version: { type: 'boolean', short: 'v' },
  help: { type: 'boolean', short: 'h' },
  ...PRINT_FLAG_OPTIONS,
  ...SETTINGS_FLAG_OPTIONS,
} as const satisfies ParseArgsConfig['options'];

type OptionName = keyof typeof OPTIONS;

function isOptionName(name: string): name is OptionName {
  return Object.hasOwn(OPTIONS, name);
}

/** A list for messages: "a, b or c". */
function oneOf(values: readonly string[]): string {
  return values.length < 2
    ? values.join('')
    : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
}

function pickEnum<T extends string>(
  flag: string,
  value: string | undefined,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined;
  const match = allowed.find((candidate) => candidate === value);
  if (match === undefined)
    throw new UsageError(`${flag} must be ${oneOf(allowed)}, not "${value}".`);
  return match;
}

function pickProvider(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!PROVIDER_NAMES.some((name) => name === value)) {
    throw new UsageError(
      `unknown provider "${value}" for --provider; use ${oneOf(PROVIDER_NAMES)}.`,
    );
  }
  return value;
}

function parseMaxTurns(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const turns = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(turns) || turns < 1) {
    throw new UsageError(`--max-turns must be a whole number of at least 1, not "${value}".`);
  }
  return turns;
}

function nonEmptyValue(flag: string, value: string | undefined): string | undefined {
  if (value !== undefined && value.trim() === '')
    throw new UsageError(`${flag} needs a value, not an empty string.`);
  return value;
}

/** Explains why strict parsing refused the arguments, naming the flag at fault. */
function explainRejection(argv: readonly string[], rejection: unknown): UsageError {
  const { tokens } = parseArgs({
    args: [...argv],
    options: OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    if (!isOptionName(token.name)) return new UsageError(`unknown option ${token.rawName}.`);
    const type = OPTIONS[token.name].type;
    if (type === 'boolean' && token.inlineValue)
      return new UsageError(`${token.rawName} takes no value.`);
    if (type === 'string' && token.value === undefined)
      return new UsageError(`${token.rawName} needs a value.`);
    if (type === 'string' && !token.inlineValue && token.value?.startsWith('-')) {
      return new UsageError(
        `${token.rawName} needs a value, but ${token.value} looks like an option; write ${token.rawName}=${token.value} if that is the value.`,
      );
    }
  }
  // Not reached with today's parseArgs; keep its own words rather than hide the problem.
  return new UsageError(
    rejection instanceof Error
      ? (rejection.message.split('\n')[0] ?? 'bad arguments.')
      : String(rejection),
  );
}

/** Sessions are opened by the terminal UI; print mode and the bridge start their own. */
function checkSessionFlags(
  mode: CliMode,
  resume: boolean,
  continueSession: boolean,
  resumeId: string | undefined,
): void {
  if (resume && continueSession)
    throw new UsageError('--resume and --continue cannot be used together; choose one.');
  if (!resume && !continueSession) return;
  if (mode === 'print') {
    // No one is there to pick from a list.
    if (resume && resumeId === undefined)
      throw new UsageError(
        'in print mode --resume needs the id of the session (wave --resume lists them), or use --continue for the newest one.',
      );
    return;
  }
  const flag = resume ? '--resume' : '--continue';
  if (mode === 'stdio') {
    throw new UsageError(
      `${flag} works in the interactive UI only; editor hosts open a saved session with the restoreSession method.`,
    );
  }
  if (mode === 'acp') {
    throw new UsageError(
      `${flag} works in the interactive UI only; an ACP editor opens a saved session from its history (session/load).`,
    );
  }
  if (mode === 'web') {
    throw new UsageError(
      `${flag} works in the interactive UI only; in wave web, open a saved session from the page (Sessions).`,
    );
  }
}

/** The word that starts `wave web` (before any prompt words). */
const WEB_COMMAND = 'web';

/** Each mode has its flag (or word); two of them at once is a mistake worth naming. */
function chooseMode(print: boolean, stdio: boolean, acp: boolean, web: boolean): CliMode {
  const choices: readonly { mode: CliMode; said: string; on: boolean }[] = [
    { mode: 'print', said: '-p/--print', on: print },
    { mode: 'web', said: 'wave web', on: web },
    { mode: 'stdio', said: '--stdio', on: stdio },
    { mode: 'acp', said: '--acp', on: acp },
  ];
  const chosen = choices.filter((choice) => choice.on);
  const [first, second] = chosen;
  if (first && second)
    throw new UsageError(`${first.said} and ${second.said} cannot be used together; choose one.`);
  return first?.mode ?? 'interactive';
}

function parsePort(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(port) || port > 65535)
    throw new UsageError(
      `--port must be a port number from 0 to 65535 (0: any free one), not "${value}".`,
    );
  return port;
}

/** wave web's options; the web flags anywhere else are a mistake worth saying. */
function webOptions(
  mode: CliMode,
  values: { readonly port?: string; readonly host?: string; readonly 'no-open'?: boolean },
): WebOptions | undefined {
  const given = [
    values.port !== undefined ? '--port' : undefined,
    values.host !== undefined ? '--host' : undefined,
    values['no-open'] ? '--no-open' : undefined,
  ].filter((flag) => flag !== undefined);
  if (mode !== 'web') {
    if (given.length > 0) throw new UsageError(`${given.join(', ')} only applies to wave web.`);
    return undefined;
  }
  const port = parsePort(values.port);
  const host = nonEmptyValue('--host', values.host);
  return {
    ...(host ? { host } : {}),
    ...(port !== undefined ? { port } : {}),
    open: !values['no-open'],
  };
}

/** `--resume ID`, `-r ID` or `--resume=ID`: the word right after a bare --resume is the session id. */
function takeResumeId(argv: readonly string[]): { args: string[]; resumeId?: string } {
  const args = [...argv];
  const end = args.indexOf('--');
  const limit = end === -1 ? args.length : end;
  for (let i = 0; i < limit; i++) {
    const arg = args[i];
    if (arg?.startsWith('--resume=')) {
      args[i] = '--resume';
      return { args, resumeId: arg.slice('--resume='.length) };
    }
    if (arg !== '--resume' && arg !== '-r') continue;
    const next = args[i + 1];
    if (i + 1 < limit && next !== undefined && !next.startsWith('-')) {
      args.splice(i + 1, 1);
      return { args, resumeId: next };
    }
  }
  return { args };
}

function strictParse(args: string[]) {
  try {
    return parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: true });
  } catch (error) {
    throw explainRejection(args, error);
  }
}

export function parseCliArgs(argv: readonly string[]): CliOptions {
  const { args: rest, mcp } = takeMcpConfigFlags(argv, process.cwd());
  const { args, resumeId } = takeResumeId(rest);
  const { values, positionals: words } = strictParse(args);
  const print = values.print ?? false;
  const web = !print && words[0] === WEB_COMMAND;
  const positionals = web ? words.slice(1) : words;
  if (web && positionals.length > 0)
    throw new UsageError(
      `wave web takes no prompt ("${positionals.join(' ')}"); type it in the page.`,
    );
  const mode = chooseMode(print, values.stdio ?? false, values.acp ?? false, web);
  checkSessionFlags(mode, values.resume ?? false, values.continue ?? false, resumeId);
  if (resumeId !== undefined && !isValidSessionId(resumeId))
    throw new UsageError(`--resume: ${invalidSessionIdReason(resumeId)}`);
  const outputFormat: OutputFormat | undefined = pickEnum(
    '--output-format',
    values['output-format'],
    OUTPUT_FORMATS,
  );
  if (outputFormat !== undefined && mode !== 'print') {
    throw new UsageError('--output-format only applies to print mode; add -p "your prompt".');
  }
  const provider = pickProvider(values.provider);
  const permissionMode: PermissionMode | undefined = skipPermissionsMode(
    values['dangerously-skip-permissions'],
    pickEnum('--permission-mode', values['permission-mode'], PERMISSION_MODES),
  );
  const effort = pickEnum('--effort', values.effort, EFFORT_LEVELS);
  const model = nonEmptyValue('--model', values.model);
  const baseURL = nonEmptyValue('--base-url', values['base-url']);
  const apiKey = nonEmptyValue('--api-key', values['api-key']);
  const cwd = nonEmptyValue('--cwd', values.cwd);
  const maxTurns = parseMaxTurns(values['max-turns']);
  if (values.sandbox && values['no-sandbox'])
    throw new UsageError('--sandbox and --no-sandbox cannot be used together; choose one.');
  const sandbox = values.sandbox ? true : values['no-sandbox'] ? false : undefined;
  const allowedTools = splitRules([
    ...(values.allowedTools ?? []),
    ...(values['allowed-tools'] ?? []),
  ]);
  const disallowedTools = splitRules([
    ...(values.disallowedTools ?? []),
    ...(values['disallowed-tools'] ?? []),
  ]);
  const addDirs = (values['add-dir'] ?? []).map((dir) => nonEmptyValue('--add-dir', dir) ?? dir);
  const [problem] = permissionFlagProblems({ allowedTools, disallowedTools }, process.cwd());
  if (problem !== undefined) throw new UsageError(problem);
  const prompt = positionals.join(' ');
  const webMode = webOptions(mode, values);
  const printOnly = printFlags(
    values,
    mode,
    { resume: values.resume ?? false, continueSession: values.continue ?? false },
    process.cwd(),
  );
  const settingsChoice = settingsFlags(values, mode, process.cwd());
  return {
    help: values.help ?? false,
    version: values.version ?? false,
    mode,
    ...(prompt.trim() ? { prompt } : {}),
    outputFormat: outputFormat ?? 'text',
    ...(provider ? { provider } : {}),
    ...(model ? { model } : {}),
    ...(baseURL ? { baseURL } : {}),
    ...(apiKey ? { apiKey } : {}),
    ...(permissionMode ? { permissionMode } : {}),
    ...(allowedTools.length > 0 ? { allowedTools } : {}),
    ...(disallowedTools.length > 0 ? { disallowedTools } : {}),
    ...(addDirs.length > 0 ? { addDirs } : {}),
    ...(effort ? { effort } : {}),
    ...(maxTurns ? { maxTurns } : {}),
    ...(sandbox !== undefined ? { sandbox } : {}),
    ...(cwd ? { cwd } : {}),
    ...(values.resume ? { resume: resumeId === undefined ? {} : { sessionId: resumeId } } : {}),
    continueSession: values.continue ?? false,
    ...(webMode ? { web: webMode } : {}),
    ...(printOnly ? { print: printOnly } : {}),
    ...(mcp ? { mcp } : {}),
    ...(settingsChoice ? { settingsChoice } : {}),
  };
}
