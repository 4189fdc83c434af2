// How events become lines of a session file and back. Most lines of a session are deltas that
// differ from the line before only in their chunk; writing each as a whole event repeated its
// 36-character message id and every other field per chunk (15× the text for 8-character chunks).
// Format 2 writes such a delta as a continuation line: just its changing fields, a JSON string
// (one field) or a JSON array (several), meaning "the previous event again, with these values".
// Every other line is a whole event, as in format 1, which reads unchanged.
//
// Format 2's continuation says nothing of what it continues, so after a damaged line a reader
// cannot tell whether the damage was the start of another delta: every continuation line after
// it is lost. Format 3 numbers the whole delta lines that continuation lines continue (templates)
// and makes each continuation name its template, so a damaged or foreign line costs only itself:
//   {"#":"0c","type":"assistantContentUpdated",…}   template 0c (the "#" field is not the event's)
//   "0cHello, wor"                                   template 0c again, with chunk "Hello, wor"
//   ["0d","out",null]                                several fields: the number first
// Numbers are two base-36 characters, counting on from the file's last one when it is reopened
// and wrapping after 1,296: a continuation could be placed wrongly only after a damaged run that
// swallowed a multiple of 1,296 templates. Every line is still one JSON value.
import type { AgentEvent } from '@wave-agent/shared-protocol';

type Fields = Readonly<Record<string, unknown>>;

/** The format of a file's lines from here on: its version, and the number of its next template. */
export interface SessionLineFormat {
  readonly version: number;
  readonly nextTemplate: number;
}

const TEMPLATE_KEY = '#';
const TEMPLATE_NUMBERS = 36 * 36;
const TAG_LENGTH = 2;

function tagOf(number: number): string {
  return (number % TEMPLATE_NUMBERS).toString(36).padStart(TAG_LENGTH, '0');
}

function numberOfTag(tag: string): number | undefined {
  if (!/^[0-9a-z]{2}$/.test(tag)) return undefined;
  return Number.parseInt(tag, 36);
}

/** The fields that change from one delta of a stream to the next, in line order. */
function deltaFieldsOf(event: Fields): readonly string[] | undefined {
  switch (event.type) {
    case 'assistantContentUpdated':
    case 'assistantReasoningUpdated':
      return event.stage === 'streaming' ? ['chunk'] : undefined;
    case 'toolBlockUpdated':
      if (event.stage === 'streaming') return ['parametersChunk'];
      return event.stage === 'running' ? ['resultChunk', 'shortResult'] : undefined;
    case 'bangBlockUpdated':
      return event.stage === 'running' ? ['outputChunk'] : undefined;
    default:
      return undefined;
  }
}

interface Template {
  /** The event's fields other than the delta fields. */
  readonly base: Fields;
  readonly baseFieldCount: number;
  readonly deltaFields: readonly string[];
  /** Format 3: the number its continuation lines name. */
  readonly tag?: string;
}

function templateOf(event: Fields, tag?: string): Template | undefined {
  const deltaFields = deltaFieldsOf(event);
  if (!deltaFields) return undefined;
  const base: Record<string, unknown> = { ...event };
  for (const field of deltaFields) delete base[field];
  return {
    base,
    baseFieldCount: Object.keys(base).length,
    deltaFields,
    ...(tag === undefined ? {} : { tag }),
  };
}

/** True when `event` is `template` with other delta values; only strings travel in a continuation. */
function continues(template: Template, event: Fields): boolean {
  // Once per delta line: a loop over the fields, with nothing allocated.
  let baseFields = 0;
  for (const key in event) {
    const value = event[key];
    if (template.deltaFields.includes(key)) {
      if (value !== undefined && typeof value !== 'string') return false;
    } else if (template.base[key] !== value || !(key in template.base)) {
      return false;
    } else {
      baseFields++;
    }
  }
  return baseFields === template.baseFieldCount;
}

/** Turns events into lines (without the newline), remembering the last whole delta line. */
export class SessionLineEncoder {
  private template: Template | undefined;
  private nextTemplate: number;

  constructor(private readonly format: SessionLineFormat) {
    this.nextTemplate = format.nextTemplate;
  }

  encode(event: AgentEvent): string {
    const { version } = this.format;
    if (version < 2) return JSON.stringify(event);
    const template = this.template;
    const fields: Fields = event;
    if (template && continues(template, fields)) {
      const { deltaFields, tag } = template;
      if (tag === undefined) {
        const values = deltaFields.map((field) => fields[field] ?? null);
        return JSON.stringify(values.length === 1 ? values[0] : values);
      }
      const first = fields[deltaFields[0]!];
      if (deltaFields.length === 1 && typeof first === 'string') return JSON.stringify(tag + first);
      return JSON.stringify([tag, ...deltaFields.map((field) => fields[field] ?? null)]);
    }
    if (version < 3) {
      this.template = templateOf(fields);
      return JSON.stringify(event);
    }
    const tag = deltaFieldsOf(fields) ? tagOf(this.nextTemplate++) : undefined;
    this.template = tag === undefined ? undefined : templateOf(fields, tag);
    // The number goes first, in front of the event's own fields (there is always a `type`).
    const json = JSON.stringify(event);
    return tag === undefined ? json : `{"${TEMPLATE_KEY}":"${tag}",${json.slice(1)}`;
  }

  /** After a line that may not have reached the file, the next delta is written whole. */
  reset(): void {
    this.template = undefined;
  }
}

export type DecodedLine =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly problem: string };

/**
 * Turns parsed lines back into raw events (validated by the caller), which then says what became
 * of each: `accept` (kept), `passOver` (a stranger's: a delta of a message the session does not
 * have) or `skip` (damaged, or not an event).
 */
export class SessionLineDecoder {
  private template: Template | undefined;
  /** The whole line just decoded, which becomes the template if it is kept and is a delta. */
  private pending: { readonly fields: Fields; readonly tag?: string } | undefined;
  /** The last template number seen, so that a reopened file counts on from it. */
  private lastTemplate: number | undefined;

  constructor(private readonly version: number) {}

  /** The format the file goes on being written in. */
  get format(): SessionLineFormat {
    const next = this.lastTemplate === undefined ? 0 : (this.lastTemplate + 1) % TEMPLATE_NUMBERS;
    return { version: this.version, nextTemplate: next };
  }

  /** `json` is the parsed line; a whole event is returned as it is (less a template number). */
  decode(json: unknown): DecodedLine {
    this.pending = undefined;
    if (typeof json === 'string' || Array.isArray(json)) return this.continuation(json);
    if (typeof json !== 'object' || json === null) return { ok: true, value: json };
    if (this.version < 3) {
      // Format 2: the whole line a continuation continues is simply the one before it.
      this.pending = { fields: { ...json } };
      return { ok: true, value: json };
    }
    if (!(TEMPLATE_KEY in json)) return { ok: true, value: json };
    const { [TEMPLATE_KEY]: tag, ...event } = json as Record<string, unknown>;
    const number = typeof tag === 'string' ? numberOfTag(tag) : undefined;
    // A number Wave does not write: the event is read, but nothing may continue it.
    if (number === undefined) return { ok: true, value: event };
    this.lastTemplate = number;
    this.pending = { fields: event, tag: tagOf(number) };
    return { ok: true, value: event };
  }

  /** The whole line just decoded was kept as an event: a delta starts a template. */
  accept(): void {
    const pending = this.pending;
    this.pending = undefined;
    if (!pending) return;
    if (this.version < 3) this.template = templateOf(pending.fields);
    // Format 3: a whole line without a number is no template, and ends none.
    else if (pending.tag !== undefined) this.template = templateOf(pending.fields, pending.tag);
  }

  /**
   * The whole line just decoded was skipped as a stranger (a delta of a message the session does
   * not have): the continuation lines after it go on extending the delta before it.
   */
  passOver(): void {
    this.pending = undefined;
  }

  /** A line was skipped as damaged (not JSON, not an event). */
  skip(): void {
    this.pending = undefined;
    // Format 2: that line may have begun another delta, so a continuation after it cannot be
    // trusted to extend the one before. Format 3's continuations say which they extend.
    if (this.version < 3) this.template = undefined;
  }

  private continuation(json: string | readonly unknown[]): DecodedLine {
    let tag: unknown;
    let values: readonly unknown[];
    if (this.version < 3) values = typeof json === 'string' ? [json] : json;
    else if (typeof json === 'string') {
      tag = json.slice(0, TAG_LENGTH);
      values = [json.slice(TAG_LENGTH)];
    } else {
      tag = json[0];
      values = json.slice(1);
    }
    const template = this.template;
    if (!template || (this.version >= 3 && tag !== template.tag)) {
      return {
        ok: false,
        problem:
          this.version < 3
            ? 'continuing a delta, but the line before it is not one'
            : 'continuing a delta whose first line is missing or was skipped',
      };
    }
    if (values.length !== template.deltaFields.length) {
      return {
        ok: false,
        problem: `holding ${values.length} values where ${template.deltaFields.length} were expected`,
      };
    }
    const event: Record<string, unknown> = { ...template.base };
    for (const [index, field] of template.deltaFields.entries()) {
      const value = values[index];
      if (value !== null) event[field] = value;
    }
    return { ok: true, value: event };
  }
}

/** The message a delta event extends; undefined for any other event (see deltaFieldsOf). */
export function deltaTarget(event: AgentEvent): string | undefined {
  const fields: Fields = event;
  const messageId = fields.messageId;
  return deltaFieldsOf(fields) !== undefined && typeof messageId === 'string'
    ? messageId
    : undefined;
}
