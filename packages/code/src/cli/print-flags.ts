// Claude Code's print-mode flags (`claude -p …`) that Wave takes with Claude Code's meaning, so a
// script written for `claude -p` runs with `wave -p`: which session the run goes on in and
// whether it is kept, the system prompt, the tools the model has, and skipping permissions.
// parse-cli-args.ts spreads PRINT_FLAG_OPTIONS into its table and calls printFlags.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ParseArgsConfig } from 'node:util';
import {
  BUILTIN_TOOL_NAMES,
  currentToolName,
  invalidSessionIdReason,
  isValidSessionId,
} from '@wave-agent/agent-sdk';
import { errorText, isRecord } from '@wave-agent/shared-protocol';
import { schemaValidator } from '../print/structured-answer.js';
import type { PermissionMode } from '@wave-agent/shared-protocol';
import type { CliMode } from './cli-options.js';
import { splitRules } from './permission-flags.js';
import { UsageError } from './usage-error.js';

export const PRINT_FLAG_OPTIONS = {
  'session-id': { type: 'string' },
  'fork-session': { type: 'boolean' },
  'no-session-persistence': { type: 'boolean' },
  'system-prompt': { type: 'string' },
  'system-prompt-file': { type: 'string' },
  'append-system-prompt': { type: 'string' },
  'append-system-prompt-file': { type: 'string' },
  tools: { type: 'string', multiple: true },
  'dangerously-skip-permissions': { type: 'boolean' },
  'max-budget-usd': { type: 'string' },
  'json-schema': { type: 'string' },
  'fallback-model': { type: 'string' },
  'input-format': { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

/** The values parseArgs gives for PRINT_FLAG_OPTIONS. */
export interface PrintFlagValues {
  /** --model, which --fallback-model must differ from. */
  readonly model?: string;
  readonly 'session-id'?: string;
  readonly 'fork-session'?: boolean;
  readonly 'no-session-persistence'?: boolean;
  readonly 'system-prompt'?: string;
  readonly 'system-prompt-file'?: string;
  readonly 'append-system-prompt'?: string;
  readonly 'append-system-prompt-file'?: string;
  readonly tools?: readonly string[];
  readonly 'dangerously-skip-permissions'?: boolean;
  readonly 'max-budget-usd'?: string;
  readonly 'json-schema'?: string;
  readonly 'fallback-model'?: string;
  readonly 'input-format'?: string;
}

/** What the print-mode flags asked for, checked. */
export interface PrintFlags {
  /** --session-id: the id of the new session (of the fork, with --fork-session). */
  readonly sessionId?: string;
  /** --fork-session: the resumed session goes on in a copy under a new id. */
  readonly forkSession: boolean;
  /** False with --no-session-persistence: nothing of the run is written to disk. */
  readonly persistSession: boolean;
  /** --system-prompt[-file]: instead of Wave's own instructions. */
  readonly systemPrompt?: string;
  /** --append-system-prompt[-file]: said at the end of the system prompt. */
  readonly appendSystemPrompt?: string;
  /** --tools: the built-in tools the model has (none when empty); undefined: all of them. */
  readonly tools?: readonly string[];
  /** --max-budget-usd: the run stops once the session has cost more (print/budget-guard.ts). */
  readonly maxBudgetUsd?: number;
  /** --json-schema: the JSON Schema the final answer must match (print/structured-answer.ts). */
  readonly jsonSchema?: Readonly<Record<string, unknown>>;
  /** --fallback-model: the models a turn goes on with when the model is overloaded, in order. */
  readonly fallbackModels?: readonly string[];
}

/** The session flags of the run, which --session-id and --fork-session depend on. */
export interface SessionChoice {
  readonly resume: boolean;
  readonly continueSession: boolean;
}

/** The built-in tools --tools may name: every tool's name, and the names Claude Code used before. */
function toolsFlag(values: readonly string[] | undefined): readonly string[] | undefined {
  if (values === undefined) return undefined;
  const names = splitRules(values);
  if (names.length === 1 && names[0] === 'default') return undefined;
  const unknown = names.filter((name) => !BUILTIN_TOOL_NAMES.includes(currentToolName(name)));
  if (unknown.length > 0) {
    throw new UsageError(
      `--tools names built-in tools, and ${unknown.map((name) => `"${name}"`).join(', ')} is not one; use "" for none, "default" for all, or names from: ${BUILTIN_TOOL_NAMES.join(', ')}.`,
    );
  }
  return [...new Set(names.map(currentToolName))];
}

/** A prompt given as text or as a file, never both; a file that cannot be read is said. */
function promptFlag(
  flag: string,
  text: string | undefined,
  file: string | undefined,
  cwd: string,
): string | undefined {
  if (text !== undefined && file !== undefined)
    throw new UsageError(`--${flag} and --${flag}-file cannot be used together; choose one.`);
  if (file === undefined) return text;
  if (file.trim() === '') throw new UsageError(`--${flag}-file needs a file name.`);
  try {
    return readFileSync(resolve(cwd, file), 'utf8');
  } catch (error) {
    throw new UsageError(`--${flag}-file: cannot read ${file} (${errorText(error)}).`);
  }
}

function budgetFlag(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const dollars = Number(value);
  if (value.trim() === '' || !Number.isFinite(dollars) || dollars <= 0)
    throw new UsageError(
      `--max-budget-usd takes an amount of US dollars above 0, like 0.50, not "${value}".`,
    );
  return dollars;
}

function jsonSchemaFlag(value: string | undefined): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  let schema: unknown;
  try {
    schema = JSON.parse(value);
  } catch (error) {
    throw new UsageError(
      `--json-schema takes a JSON Schema as JSON, and this is not JSON (${errorText(error)}).`,
    );
  }
  if (!isRecord(schema))
    throw new UsageError(
      '--json-schema takes a JSON Schema, an object like {"type": "object", "properties": {…}}.',
    );
  try {
    schemaValidator(schema);
  } catch (error) {
    throw new UsageError(
      `--json-schema: Wave cannot check answers against this schema (${errorText(error)}).`,
    );
  }
  return schema;
}

function fallbackFlag(value: string | undefined, model: string | undefined) {
  if (value === undefined) return undefined;
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0)
    throw new UsageError('--fallback-model needs a model, like --fallback-model claude-haiku-4-5.');
  if (model !== undefined && names.includes(model))
    throw new UsageError(
      `--fallback-model is used when --model ${model} is overloaded, so it cannot be ${model} itself; name another model.`,
    );
  return names;
}

function sessionIdFlag(value: string | undefined, session: SessionChoice, fork: boolean) {
  if (value === undefined) return undefined;
  if (!isValidSessionId(value))
    throw new UsageError(`--session-id: ${invalidSessionIdReason(value)}`);
  if ((session.resume || session.continueSession) && !fork) {
    throw new UsageError(
      '--session-id names a new session, so with --resume or --continue it needs --fork-session (the copy gets that id).',
    );
  }
  return value;
}

/** The print-mode flags of the command line, checked; `cwd` is where file names start. */
export function printFlags(
  values: PrintFlagValues,
  mode: CliMode,
  session: SessionChoice,
  cwd: string,
): PrintFlags | undefined {
  const given = Object.entries(values)
    .filter(([name, value]) => name in PRINT_FLAG_OPTIONS && value !== undefined)
    .map(([name]) => name)
    // Skipping permissions is a permission mode, which every mode takes.
    .filter((name) => name !== 'dangerously-skip-permissions');
  if (given.length === 0) return undefined;
  if (mode !== 'print') {
    throw new UsageError(
      `${given.map((name) => `--${name}`).join(', ')} only applies to print mode; add -p "your prompt".`,
    );
  }
  const forkSession = values['fork-session'] ?? false;
  if (forkSession && !session.resume && !session.continueSession)
    throw new UsageError(
      '--fork-session copies the session --resume or --continue opens; add one.',
    );
  const sessionId = sessionIdFlag(values['session-id'], session, forkSession);
  const systemPrompt = promptFlag(
    'system-prompt',
    values['system-prompt'],
    values['system-prompt-file'],
    cwd,
  );
  const appendSystemPrompt = promptFlag(
    'append-system-prompt',
    values['append-system-prompt'],
    values['append-system-prompt-file'],
    cwd,
  );
  const tools = toolsFlag(values.tools);
  const maxBudgetUsd = budgetFlag(values['max-budget-usd']);
  const jsonSchema = jsonSchemaFlag(values['json-schema']);
  const fallbackModels = fallbackFlag(values['fallback-model'], values.model);
  inputFormatFlag(values['input-format']);
  return {
    forkSession,
    persistSession: !(values['no-session-persistence'] ?? false),
    ...(sessionId !== undefined ? { sessionId } : {}),
    ...(systemPrompt !== undefined ? { systemPrompt } : {}),
    ...(appendSystemPrompt !== undefined ? { appendSystemPrompt } : {}),
    ...(tools !== undefined ? { tools } : {}),
    ...(maxBudgetUsd !== undefined ? { maxBudgetUsd } : {}),
    ...(jsonSchema !== undefined ? { jsonSchema } : {}),
    ...(fallbackModels !== undefined ? { fallbackModels } : {}),
  };
}

/**
 * --input-format: `text` (the default) is the prompt as given; `stream-json` never reaches this
 * parser (cli.ts runs it as Claude Code's headless protocol); anything else is refused.
 */
function inputFormatFlag(value: string | undefined): void {
  if (value === undefined || value === 'text' || value === 'stream-json') return;
  throw new UsageError(`--input-format takes text or stream-json, not ${JSON.stringify(value)}.`);
}

/**
 * --dangerously-skip-permissions is Claude Code's name for --permission-mode bypassPermissions
 * (which settings may still turn off: disableBypassPermissionsMode).
 */
export function skipPermissionsMode(
  skip: boolean | undefined,
  permissionMode: PermissionMode | undefined,
): PermissionMode | undefined {
  if (!skip) return permissionMode;
  if (permissionMode !== undefined && permissionMode !== 'bypassPermissions') {
    throw new UsageError(
      `--dangerously-skip-permissions means --permission-mode bypassPermissions, not ${permissionMode}; choose one.`,
    );
  }
  return 'bypassPermissions';
}
