// Hand-written validation of scenario JSON: every problem is reported with the path of the bad field.
import type {
  Fault,
  RecordedStream,
  ReplyPart,
  Scenario,
  StopReason,
  TextSource,
  Turn,
  TurnMatch,
  TurnUsage,
} from './scenario-types.js';

export class ScenarioError extends Error {
  constructor(
    readonly source: string,
    readonly problems: readonly string[],
  ) {
    super(`invalid scenario ${source}: ${problems.join('; ')}`);
    this.name = 'ScenarioError';
  }
}

type Json = Record<string, unknown>;

const stopReasons: readonly StopReason[] = [
  'end_turn',
  'tool_use',
  'max_tokens',
  'stop_sequence',
  'refusal',
];

/** `at('turns[0]', 'reply')` → "turns[0].reply"; at the root just the key. */
function at(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

function isArray(value: unknown): value is unknown[] {
  return Array.isArray(value);
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${value}`;
  return typeof value === 'object' ? 'an object' : String(typeof value);
}

/** Collects problems instead of stopping at the first, so one run shows every mistake in a file. */
class Checker {
  readonly problems: string[] = [];

  fail(path: string, message: string): void {
    this.problems.push(`${path === '' ? 'the scenario' : path} ${message}`);
  }

  object(value: unknown, path: string, allowed: readonly string[]): Json | undefined {
    if (!isRecord(value)) {
      this.fail(path, `must be an object, got ${describe(value)}`);
      return undefined;
    }
    for (const key of Object.keys(value)) {
      if (!allowed.includes(key))
        this.fail(at(path, key), `is not a known field (known: ${allowed.join(', ')})`);
    }
    return value;
  }

  string(record: Json, key: string, path: string, required: boolean): string | undefined {
    const value = record[key];
    if (value === undefined && !required) return undefined;
    if (typeof value !== 'string') {
      this.fail(at(path, key), `must be a string, got ${describe(value)}`);
      return undefined;
    }
    return value;
  }

  integer(
    record: Json,
    key: string,
    path: string,
    options: { min: number; max?: number; required?: boolean },
  ): number | undefined {
    const value = record[key];
    if (value === undefined && options.required !== true) return undefined;
    const max = options.max ?? Number.MAX_SAFE_INTEGER;
    if (
      typeof value !== 'number' ||
      !Number.isInteger(value) ||
      value < options.min ||
      value > max
    ) {
      const range =
        options.max === undefined ? `>= ${options.min}` : `from ${options.min} to ${options.max}`;
      this.fail(at(path, key), `must be an integer ${range}, got ${describe(value)}`);
      return undefined;
    }
    return value;
  }

  array(record: Json, key: string, path: string, required: boolean): unknown[] | undefined {
    const value = record[key];
    if (value === undefined && !required) return undefined;
    if (!isArray(value)) {
      this.fail(at(path, key), `must be an array, got ${describe(value)}`);
      return undefined;
    }
    return value;
  }
}

function parseTextSource(check: Checker, record: Json, path: string): TextSource | undefined {
  const given = ['text', 'repeat', 'numberedWords'].filter((key) => record[key] !== undefined);
  if (given.length !== 1) {
    check.fail(
      path,
      `needs exactly one of text, repeat, numberedWords (got ${given.length === 0 ? 'none' : given.join(', ')})`,
    );
    return undefined;
  }
  if (record['text'] !== undefined) {
    const text = check.string(record, 'text', path, true);
    return text === undefined ? undefined : { text };
  }
  if (record['repeat'] !== undefined) {
    const repeat = check.object(record['repeat'], `${path}.repeat`, ['pattern', 'count']);
    if (repeat === undefined) return undefined;
    const pattern = check.string(repeat, 'pattern', `${path}.repeat`, true);
    const count = check.integer(repeat, 'count', `${path}.repeat`, { min: 0, required: true });
    return pattern === undefined || count === undefined
      ? undefined
      : { repeat: { pattern, count } };
  }
  const words = check.object(record['numberedWords'], `${path}.numberedWords`, [
    'count',
    'prefix',
    'start',
  ]);
  if (words === undefined) return undefined;
  const count = check.integer(words, 'count', `${path}.numberedWords`, { min: 0, required: true });
  const prefix = check.string(words, 'prefix', `${path}.numberedWords`, false);
  const start = check.integer(words, 'start', `${path}.numberedWords`, { min: 0 });
  if (count === undefined) return undefined;
  return {
    numberedWords: {
      count,
      ...(prefix === undefined ? {} : { prefix }),
      ...(start === undefined ? {} : { start }),
    },
  };
}

function parseReplyPart(check: Checker, value: unknown, path: string): ReplyPart | undefined {
  if (!isRecord(value)) {
    check.fail(path, `must be an object, got ${describe(value)}`);
    return undefined;
  }
  const type = value['type'];
  if (type === 'text') {
    const record = check.object(value, path, ['type', 'text', 'repeat', 'numberedWords']);
    const source = record && parseTextSource(check, record, path);
    return source && { type: 'text', ...source };
  }
  if (type === 'reasoning') {
    const record = check.object(value, path, [
      'type',
      'text',
      'repeat',
      'numberedWords',
      'signature',
    ]);
    if (record === undefined) return undefined;
    const signature = check.string(record, 'signature', path, false);
    const source = parseTextSource(check, record, path);
    return (
      source && { type: 'reasoning', ...source, ...(signature === undefined ? {} : { signature }) }
    );
  }
  if (type === 'tool_call') {
    const record = check.object(value, path, ['type', 'id', 'name', 'input']);
    if (record === undefined) return undefined;
    const id = check.string(record, 'id', path, false);
    const name = check.string(record, 'name', path, true);
    const input = record['input'];
    if (!isRecord(input))
      check.fail(
        `${path}.input`,
        `must be an object (the tool's arguments), got ${describe(input)}`,
      );
    if (name === undefined || !isRecord(input)) return undefined;
    return { type: 'tool_call', name, input, ...(id === undefined ? {} : { id }) };
  }
  check.fail(`${path}.type`, `must be "text", "reasoning" or "tool_call", got ${describe(type)}`);
  return undefined;
}

function parseFault(check: Checker, value: unknown, path: string): Fault | undefined {
  if (!isRecord(value)) {
    check.fail(path, `must be an object, got ${describe(value)}`);
    return undefined;
  }
  const kind = value['kind'];
  const afterChunks = (record: Json): { afterChunks?: number } => {
    const n = check.integer(record, 'afterChunks', path, { min: 0 });
    return n === undefined ? {} : { afterChunks: n };
  };
  switch (kind) {
    case 'http': {
      const record = check.object(value, path, [
        'kind',
        'status',
        'message',
        'errorType',
        'retryAfterSeconds',
        'retryAfterMs',
      ]);
      if (record === undefined) return undefined;
      const status = check.integer(record, 'status', path, { min: 400, max: 599, required: true });
      const message = check.string(record, 'message', path, false);
      const errorType = check.string(record, 'errorType', path, false);
      const retryAfterSeconds = check.integer(record, 'retryAfterSeconds', path, { min: 0 });
      const retryAfterMs = check.integer(record, 'retryAfterMs', path, { min: 0 });
      if (status === undefined) return undefined;
      return {
        kind,
        status,
        ...(message === undefined ? {} : { message }),
        ...(errorType === undefined ? {} : { errorType }),
        ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      };
    }
    case 'reset': {
      const record = check.object(value, path, ['kind', 'afterChunks']);
      return record && { kind, ...afterChunks(record) };
    }
    case 'stall': {
      const record = check.object(value, path, ['kind', 'stallMs', 'afterChunks', 'then']);
      if (record === undefined) return undefined;
      const stallMs = check.integer(record, 'stallMs', path, {
        min: 0,
        max: 600_000,
        required: true,
      });
      const then = record['then'];
      if (then !== undefined && then !== 'destroy' && then !== 'end') {
        check.fail(`${path}.then`, `must be "destroy" or "end", got ${describe(then)}`);
        return undefined;
      }
      if (stallMs === undefined) return undefined;
      return { kind, stallMs, ...afterChunks(record), ...(then === undefined ? {} : { then }) };
    }
    case 'malformed': {
      const record = check.object(value, path, ['kind', 'afterChunks', 'line']);
      if (record === undefined) return undefined;
      const line = check.string(record, 'line', path, false);
      return { kind, ...afterChunks(record), ...(line === undefined ? {} : { line }) };
    }
    case 'stream-error': {
      const record = check.object(value, path, [
        'kind',
        'afterChunks',
        'errorType',
        'message',
        'line',
      ]);
      if (record === undefined) return undefined;
      const errorType = check.string(record, 'errorType', path, false);
      const message = check.string(record, 'message', path, false);
      const line = check.string(record, 'line', path, false);
      return {
        kind,
        ...afterChunks(record),
        ...(errorType === undefined ? {} : { errorType }),
        ...(message === undefined ? {} : { message }),
        ...(line === undefined ? {} : { line }),
      };
    }
    case 'hold': {
      const record = check.object(value, path, ['kind', 'afterChunks']);
      if (record === undefined) return undefined;
      const at = check.integer(record, 'afterChunks', path, { min: 0, required: true });
      return at === undefined ? undefined : { kind, afterChunks: at };
    }
    case 'split-utf8': {
      const record = check.object(value, path, ['kind', 'pauseMs']);
      if (record === undefined) return undefined;
      const pauseMs = check.integer(record, 'pauseMs', path, { min: 0, max: 10_000 });
      return { kind, ...(pauseMs === undefined ? {} : { pauseMs }) };
    }
    default:
      check.fail(
        `${path}.kind`,
        `must be one of "http", "reset", "stall", "malformed", "stream-error", "split-utf8", "hold", got ${describe(kind)}`,
      );
      return undefined;
  }
}

function parseMatch(check: Checker, value: unknown, path: string): TurnMatch | undefined {
  const record = check.object(value, path, [
    'turnIndex',
    'lastUserContains',
    'lastToolResultContains',
  ]);
  if (record === undefined) return undefined;
  const turnIndex = check.integer(record, 'turnIndex', path, { min: 0 });
  const lastUserContains = check.string(record, 'lastUserContains', path, false);
  const lastToolResultContains = check.string(record, 'lastToolResultContains', path, false);
  return {
    ...(turnIndex === undefined ? {} : { turnIndex }),
    ...(lastUserContains === undefined ? {} : { lastUserContains }),
    ...(lastToolResultContains === undefined ? {} : { lastToolResultContains }),
  };
}

function parseUsage(check: Checker, value: unknown, path: string): TurnUsage | undefined {
  const record = check.object(value, path, ['inputTokens', 'outputTokens']);
  if (record === undefined) return undefined;
  const inputTokens = check.integer(record, 'inputTokens', path, { min: 0, required: true });
  const outputTokens = check.integer(record, 'outputTokens', path, { min: 0, required: true });
  return inputTokens === undefined || outputTokens === undefined
    ? undefined
    : { inputTokens, outputTokens };
}

function parseRecorded(check: Checker, value: unknown, path: string): RecordedStream | undefined {
  const record = check.object(value, path, ['file', 'writeBytes', 'pauseMs']);
  if (record === undefined) return undefined;
  const file = check.string(record, 'file', path, true);
  const writeBytes = check.integer(record, 'writeBytes', path, { min: 1 });
  const pauseMs = check.integer(record, 'pauseMs', path, { min: 0, max: 60_000 });
  if (file === undefined) return undefined;
  return {
    file,
    ...(writeBytes === undefined ? {} : { writeBytes }),
    ...(pauseMs === undefined ? {} : { pauseMs }),
  };
}

function parseTurn(check: Checker, value: unknown, path: string): Turn | undefined {
  const record = check.object(value, path, [
    'label',
    'match',
    'chunkSize',
    'delayMs',
    'faults',
    'reply',
    'recorded',
    'usage',
    'stopReason',
  ]);
  if (record === undefined) return undefined;
  const label = check.string(record, 'label', path, false);
  const chunkSize = check.integer(record, 'chunkSize', path, { min: 1 });
  const delayMs = check.integer(record, 'delayMs', path, { min: 0, max: 60_000 });
  const match =
    record['match'] === undefined ? undefined : parseMatch(check, record['match'], `${path}.match`);
  const usage =
    record['usage'] === undefined ? undefined : parseUsage(check, record['usage'], `${path}.usage`);
  const faults = check
    .array(record, 'faults', path, false)
    ?.map((fault, i) => parseFault(check, fault, `${path}.faults[${i}]`));
  const recorded =
    record['recorded'] === undefined
      ? undefined
      : parseRecorded(check, record['recorded'], `${path}.recorded`);
  const reply = check
    .array(record, 'reply', path, record['recorded'] === undefined)
    ?.map((part, i) => parseReplyPart(check, part, `${path}.reply[${i}]`));
  const stopReason = record['stopReason'];
  if (stopReason !== undefined && !stopReasons.some((known) => known === stopReason)) {
    check.fail(
      `${path}.stopReason`,
      `must be one of ${stopReasons.join(', ')}, got ${describe(stopReason)}`,
    );
  }
  if (
    (reply === undefined && recorded === undefined) ||
    (record['recorded'] !== undefined && recorded === undefined) ||
    reply?.some((part) => part === undefined) ||
    faults?.some((fault) => fault === undefined)
  ) {
    return undefined;
  }
  return {
    reply: (reply ?? []).filter((part) => part !== undefined),
    ...(recorded === undefined ? {} : { recorded }),
    ...(label === undefined ? {} : { label }),
    ...(match === undefined ? {} : { match }),
    ...(chunkSize === undefined ? {} : { chunkSize }),
    ...(delayMs === undefined ? {} : { delayMs }),
    ...(faults === undefined ? {} : { faults: faults.filter((fault) => fault !== undefined) }),
    ...(usage === undefined ? {} : { usage }),
    ...(stopReason === undefined
      ? {}
      : { stopReason: stopReasons.find((known) => known === stopReason) ?? 'end_turn' }),
  };
}

/** Checks untrusted JSON against the scenario format; throws a ScenarioError naming every bad field. */
export function parseScenario(value: unknown, source = 'scenario'): Scenario {
  const check = new Checker();
  const record = check.object(value, '', ['name', 'description', 'chunkSize', 'delayMs', 'turns']);
  if (record === undefined) throw new ScenarioError(source, check.problems);
  const name = check.string(record, 'name', '', true);
  const description = check.string(record, 'description', '', false);
  const chunkSize = check.integer(record, 'chunkSize', '', { min: 1 });
  const delayMs = check.integer(record, 'delayMs', '', { min: 0, max: 60_000 });
  const turnValues = check.array(record, 'turns', '', true);
  if (turnValues !== undefined && turnValues.length === 0)
    check.fail('turns', 'must hold at least one turn');
  const turns = turnValues?.map((turn, i) => parseTurn(check, turn, `turns[${i}]`)) ?? [];
  if (check.problems.length > 0 || name === undefined)
    throw new ScenarioError(source, check.problems);
  return {
    name,
    turns: turns.filter((turn) => turn !== undefined),
    ...(description === undefined ? {} : { description }),
    ...(chunkSize === undefined ? {} : { chunkSize }),
    ...(delayMs === undefined ? {} : { delayMs }),
  };
}
