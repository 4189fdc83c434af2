// How events become lines of a session file and back (format 2). Most lines of a session are
// deltas that differ from the line before only in their chunk; writing each as a whole event
// repeated its 36-character message id and every other field per chunk (15× the text for
// 8-character chunks). Format 2 writes such a delta as a continuation line: just its changing
// fields, a JSON string (one field) or a JSON array (several), meaning "the previous event again,
// with these values". Every other line is a whole event, as in format 1, which reads unchanged.
import type { AgentEvent } from '@wave-agent/shared-protocol';

type Fields = Readonly<Record<string, unknown>>;

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
}

function templateOf(event: Fields): Template | undefined {
  const deltaFields = deltaFieldsOf(event);
  if (!deltaFields) return undefined;
  const base: Record<string, unknown> = { ...event };
  for (const field of deltaFields) delete base[field];
  return { base, baseFieldCount: Object.keys(base).length, deltaFields };
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

  constructor(private readonly options: { readonly continuations: boolean }) {}

  encode(event: AgentEvent): string {
    if (!this.options.continuations) return JSON.stringify(event);
    const template = this.template;
    const fields: Fields = event;
    if (template && continues(template, fields)) {
      const values = template.deltaFields.map((field) => fields[field] ?? null);
      return JSON.stringify(values.length === 1 ? values[0] : values);
    }
    this.template = templateOf(fields);
    return JSON.stringify(event);
  }

  /** After a line that may not have reached the file, the next delta is written whole. */
  reset(): void {
    this.template = undefined;
  }
}

export type DecodedLine =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly problem: string };

/** Turns parsed lines back into raw events (validated by the caller). */
export class SessionLineDecoder {
  private template: Template | undefined;
  /** The template before the last whole line, for when that line is skipped. */
  private before: Template | undefined;

  /** `json` is the parsed line; a whole event is returned as it is. */
  decode(json: unknown): DecodedLine {
    if (typeof json !== 'string' && !Array.isArray(json)) {
      this.before = this.template;
      this.template =
        typeof json === 'object' && json !== null ? templateOf({ ...json }) : undefined;
      return { ok: true, value: json };
    }
    const template = this.template;
    if (!template) {
      return {
        ok: false,
        problem: 'it continues a delta, but the line before it is not one',
      };
    }
    const values: readonly unknown[] = typeof json === 'string' ? [json] : json;
    if (values.length !== template.deltaFields.length) {
      return {
        ok: false,
        problem: `it holds ${values.length} values where ${template.deltaFields.length} were expected`,
      };
    }
    const event: Record<string, unknown> = { ...template.base };
    for (const [index, field] of template.deltaFields.entries()) {
      const value = values[index];
      if (value !== null) event[field] = value;
    }
    return { ok: true, value: event };
  }

  /** A line was skipped: a continuation after it cannot be trusted to extend the right event. */
  reset(): void {
    this.template = undefined;
  }

  /**
   * The whole line just decoded was skipped as a stranger (a delta of a message the session does
   * not have): the continuation lines after it go on extending the delta before it.
   */
  passOver(): void {
    this.template = this.before;
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
