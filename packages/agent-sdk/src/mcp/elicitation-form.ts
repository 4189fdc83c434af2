// An MCP server's form (elicitation/create's requestedSchema) as the questions every host already
// answers (the model's AskUserQuestion machinery): one question per field, a field's choices as
// its options (Yes/No for a boolean, the enum's titles), free text typed in the row for one's
// own answer, and "Leave empty" for a field that is not required. The answers come back as
// strings; `formContent` checks them against the schema (types, bounds, formats, the enum) and
// makes the content the server gets, or says in a sentence what does not fit.
import type { ChoiceQuestion, QuestionOption } from '@wave-agent/shared-protocol';
import { ANSWER_LIMITS, isRecord } from '@wave-agent/shared-protocol';

export const LEAVE_EMPTY = 'Leave empty';
const YES = 'Yes';
const NO = 'No';
/** The terminal shows a question's header as a tab. */
const HEADER_CHARS = 12;
const MAX_TEXT_CHARS = 500;

interface Choice {
  readonly value: string;
  readonly label: string;
}

type FieldKind =
  | {
      readonly type: 'string';
      readonly format?: string;
      readonly min?: number;
      readonly max?: number;
    }
  | {
      readonly type: 'number';
      readonly integer: boolean;
      readonly min?: number;
      readonly max?: number;
    }
  | { readonly type: 'boolean' }
  | { readonly type: 'enum'; readonly choices: readonly Choice[] }
  | {
      readonly type: 'enums';
      readonly choices: readonly Choice[];
      readonly min?: number;
      readonly max?: number;
    };

interface Field {
  readonly key: string;
  readonly title: string;
  readonly description?: string;
  readonly required: boolean;
  readonly fallback?: unknown;
  readonly kind: FieldKind;
}

export type FormValue = string | number | boolean | string[];

/** Why a field's answer does not fit. */
class Misfit {
  constructor(readonly problem: string) {}
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value.slice(0, MAX_TEXT_CHARS) : undefined;
}

function bound(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** `enum` (with `enumNames`), or `oneOf`/`anyOf` of `{const, title}`: the values and their labels. */
function choicesOf(schema: Record<string, unknown>): Choice[] | undefined {
  if (Array.isArray(schema.enum)) {
    const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
    const values = schema.enum.filter((value): value is string => typeof value === 'string');
    return values.map((value, index) => ({ value, label: text(names[index]) ?? value }));
  }
  const titled = Array.isArray(schema.oneOf) ? schema.oneOf : schema.anyOf;
  if (!Array.isArray(titled)) return undefined;
  return titled.flatMap((entry) =>
    isRecord(entry) && typeof entry.const === 'string'
      ? [{ value: entry.const, label: text(entry.title) ?? entry.const }]
      : [],
  );
}

function kindOf(schema: Record<string, unknown>): FieldKind | undefined {
  const choices = choicesOf(schema);
  if (schema.type === 'string' && choices !== undefined && choices.length > 0)
    return { type: 'enum', choices };
  if (schema.type === 'string') {
    const format = text(schema.format);
    const min = bound(schema.minLength);
    const max = bound(schema.maxLength);
    return {
      type: 'string',
      ...(format !== undefined ? { format } : {}),
      ...(min !== undefined ? { min } : {}),
      ...(max !== undefined ? { max } : {}),
    };
  }
  if (schema.type === 'number' || schema.type === 'integer') {
    const min = bound(schema.minimum);
    const max = bound(schema.maximum);
    return {
      type: 'number',
      integer: schema.type === 'integer',
      ...(min !== undefined ? { min } : {}),
      ...(max !== undefined ? { max } : {}),
    };
  }
  if (schema.type === 'boolean') return { type: 'boolean' };
  if (schema.type === 'array' && isRecord(schema.items)) {
    const items = choicesOf(schema.items);
    if (items === undefined || items.length === 0) return undefined;
    const min = bound(schema.minItems);
    const max = bound(schema.maxItems);
    return {
      type: 'enums',
      choices: items,
      ...(min !== undefined ? { min } : {}),
      ...(max !== undefined ? { max } : {}),
    };
  }
  return undefined;
}

/** The form's fields, or a sentence saying why Wave cannot show it. */
export function formFields(requestedSchema: unknown): Field[] | string {
  if (!isRecord(requestedSchema) || !isRecord(requestedSchema.properties))
    return 'its form has no fields Wave can read';
  const required = Array.isArray(requestedSchema.required) ? requestedSchema.required : [];
  const entries = Object.entries(requestedSchema.properties);
  if (entries.length === 0) return 'its form has no fields';
  if (entries.length > ANSWER_LIMITS.questions)
    return `its form has ${entries.length} fields, more than the ${ANSWER_LIMITS.questions} Wave shows`;
  const fields: Field[] = [];
  for (const [key, schema] of entries) {
    const kind = isRecord(schema) ? kindOf(schema) : undefined;
    if (!isRecord(schema) || kind === undefined)
      return `its field "${key.slice(0, 80)}" is not a string, number, boolean or choice`;
    const description = text(schema.description);
    fields.push({
      key,
      title: text(schema.title) ?? key.slice(0, MAX_TEXT_CHARS),
      ...(description !== undefined && description !== '' ? { description } : {}),
      required: required.includes(key),
      ...(schema.default !== undefined ? { fallback: schema.default } : {}),
      kind,
    });
  }
  return fields;
}

/** What the field takes, said after its title: "a whole number from 1 to 100". */
function hint(kind: FieldKind): string | undefined {
  if (kind.type === 'number') {
    const what = kind.integer ? 'a whole number' : 'a number';
    if (kind.min !== undefined && kind.max !== undefined)
      return `${what} from ${kind.min} to ${kind.max}`;
    if (kind.min !== undefined) return `${what}, at least ${kind.min}`;
    if (kind.max !== undefined) return `${what}, at most ${kind.max}`;
    return what;
  }
  if (kind.type === 'string') {
    const formats: Record<string, string> = {
      email: 'an email address',
      uri: 'a URL',
      date: 'a date, YYYY-MM-DD',
      'date-time': 'a date and time, ISO 8601',
    };
    return kind.format !== undefined ? formats[kind.format] : undefined;
  }
  if (kind.type === 'enums') {
    if (kind.min !== undefined && kind.max !== undefined) return `pick ${kind.min} to ${kind.max}`;
    return 'pick any';
  }
  return undefined;
}

function defaultLabel(field: Field): string | undefined {
  const { fallback, kind } = field;
  if (fallback === undefined) return undefined;
  if (kind.type === 'boolean') return fallback === true ? YES : NO;
  if (kind.type === 'enum') return kind.choices.find((choice) => choice.value === fallback)?.label;
  if (kind.type === 'enums' && Array.isArray(fallback))
    return fallback
      .map((value) => kind.choices.find((choice) => choice.value === value)?.label ?? String(value))
      .join(', ');
  return typeof fallback === 'string' || typeof fallback === 'number'
    ? String(fallback)
    : undefined;
}

function optionsOf(field: Field): QuestionOption[] {
  const { kind } = field;
  const own: QuestionOption[] =
    kind.type === 'boolean'
      ? [
          { label: YES, description: '' },
          { label: NO, description: '' },
        ]
      : kind.type === 'enum' || kind.type === 'enums'
        ? kind.choices.map((choice) => ({ label: choice.label, description: '' }))
        : [];
  const fallback = defaultLabel(field);
  // Free text: the server's default is offered as a choice; anything else is typed.
  const typedDefault =
    fallback !== undefined && (kind.type === 'string' || kind.type === 'number')
      ? [{ label: fallback, description: 'the default' }]
      : [];
  const empty = field.required ? [] : [{ label: LEAVE_EMPTY, description: 'send no value' }];
  return [...own, ...typedDefault, ...empty];
}

/** One question per field, in the form's order. */
export function formQuestions(fields: readonly Field[]): ChoiceQuestion[] {
  return fields.map((field) => {
    const what = hint(field.kind);
    const fallback = defaultLabel(field);
    const notes = [
      ...(what !== undefined ? [what] : []),
      ...(field.required ? [] : ['optional']),
      ...(fallback !== undefined && field.kind.type !== 'string' && field.kind.type !== 'number'
        ? [`default ${fallback}`]
        : []),
    ];
    const about = field.description !== undefined ? `: ${field.description}` : '';
    return {
      question: `${field.title}${about}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`,
      header:
        field.title.length > HEADER_CHARS
          ? `${field.title.slice(0, HEADER_CHARS - 1)}…`
          : field.title,
      options: optionsOf(field),
      multiSelect: field.kind.type === 'enums',
    };
  });
}

function choiceValue(choices: readonly Choice[], answer: string): string | undefined {
  const wanted = answer.trim();
  return (
    choices.find((choice) => choice.label === wanted)?.value ??
    choices.find((choice) => choice.value === wanted)?.value ??
    choices.find((choice) => choice.label.toLowerCase() === wanted.toLowerCase())?.value
  );
}

function formatProblem(format: string | undefined, value: string): string | undefined {
  if (format === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value))
    return 'is not an email address';
  if (format === 'uri' && !/^[a-z][a-z0-9+.-]*:\S+$/i.test(value)) return 'is not a URL';
  if (format === 'date') {
    const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : undefined;
    if (day === undefined || Number.isNaN(day.getTime()) || !day.toISOString().startsWith(value))
      return 'is not a date as YYYY-MM-DD';
  }
  if (
    format === 'date-time' &&
    (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) || Number.isNaN(Date.parse(value)))
  )
    return 'is not a date and time';
  return undefined;
}

/** The field's value from what the user answered, or why it does not fit. */
function valueOf(field: Field, answer: readonly string[]): FormValue | Misfit {
  const { kind } = field;
  const first = answer[0]?.trim() ?? '';
  const said = `"${first.slice(0, 60)}"`;
  if (kind.type === 'enums') {
    const values: string[] = [];
    for (const picked of answer) {
      const value = choiceValue(kind.choices, picked);
      if (value === undefined)
        return new Misfit(`"${picked.slice(0, 60)}" is not one of its choices`);
      if (!values.includes(value)) values.push(value);
    }
    if (kind.min !== undefined && values.length < kind.min)
      return new Misfit(`pick at least ${kind.min}`);
    if (kind.max !== undefined && values.length > kind.max)
      return new Misfit(`pick at most ${kind.max}`);
    return values;
  }
  if (kind.type === 'boolean') {
    if (/^(yes|y|true)$/i.test(first)) return true;
    if (/^(no|n|false)$/i.test(first)) return false;
    return new Misfit(`${said} is not Yes or No`);
  }
  if (kind.type === 'enum') {
    const value = choiceValue(kind.choices, first);
    return value ?? new Misfit(`${said} is not one of its choices`);
  }
  if (kind.type === 'number') {
    const value = Number(first);
    if (first === '' || !Number.isFinite(value)) return new Misfit(`${said} is not a number`);
    if (kind.integer && !Number.isInteger(value))
      return new Misfit(`${said} is not a whole number`);
    if (kind.min !== undefined && value < kind.min)
      return new Misfit(`${value} is less than ${kind.min}`);
    if (kind.max !== undefined && value > kind.max)
      return new Misfit(`${value} is more than ${kind.max}`);
    return value;
  }
  const value = answer.join(', ');
  if (kind.min !== undefined && value.length < kind.min)
    return new Misfit(`it takes at least ${kind.min} characters`);
  if (kind.max !== undefined && value.length > kind.max)
    return new Misfit(`it takes at most ${kind.max} characters`);
  const wrong = formatProblem(kind.format, value);
  return wrong !== undefined ? new Misfit(`${said} ${wrong}`) : value;
}

/**
 * The content the server gets from the user's answers (one per field, in order), or a sentence
 * naming each field whose answer does not fit.
 */
export function formContent(
  fields: readonly Field[],
  answers: readonly (readonly string[])[],
): { content: Record<string, FormValue> } | { problem: string } {
  const content: Record<string, FormValue> = {};
  const problems: string[] = [];
  fields.forEach((field, index) => {
    const answer = (answers[index] ?? []).filter((picked) => picked.trim() !== '');
    const empty = answer.length === 0 || (answer.length === 1 && answer[0] === LEAVE_EMPTY);
    if (empty) {
      if (field.required) problems.push(`${field.title}: it is required`);
      return;
    }
    const value = valueOf(field, answer);
    if (value instanceof Misfit) problems.push(`${field.title}: ${value.problem}`);
    else content[field.key] = value;
  });
  return problems.length > 0 ? { problem: `${problems.join('; ')}.` } : { content };
}
