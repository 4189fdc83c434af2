// YAML front matter between `---` fences at the top of a Markdown file (Claude Code's commands,
// skills and agents), parsed with the `yaml` library: the fields as an object, and the body.
import { parse } from 'yaml';
import { isRecord } from '@wave-agent/shared-protocol';

export type FrontMatter =
  | { readonly fields: Readonly<Record<string, unknown>>; readonly body: string }
  | { readonly error: string };

const FENCED = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/;

/** A file without front matter is all body; front matter that is not a YAML mapping is an error. */
export function splitFrontMatter(text: string): FrontMatter {
  const match = FENCED.exec(text.replace(/^\uFEFF/, ''));
  if (!match) return { fields: {}, body: text };
  let data: unknown;
  try {
    data = parse(match[1] ?? '');
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n', 1)[0] : String(error);
    return { error: `its front matter is not valid YAML (${why})` };
  }
  if (data === null || data === undefined) return { fields: {}, body: match[2] ?? '' };
  if (!isRecord(data)) return { error: 'its front matter is not a list of `key: value` fields' };
  return { fields: data, body: match[2] ?? '' };
}

/** A text field; numbers and booleans as written, anything else undefined. */
export function textField(
  fields: Readonly<Record<string, unknown>>,
  key: string,
): string | undefined {
  const value = fields[key];
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** A yes/no field: `true` written as YAML's boolean or as the text "true". */
export function flagField(fields: Readonly<Record<string, unknown>>, key: string): boolean {
  const value = fields[key];
  return value === true || value === 'true';
}

/**
 * Whether the model is not to be offered this command or skill: `disable-model-invocation`, or
 * Claude Code's older `hide-from-slash-command-tool` (what its SlashCommand tool did not list).
 */
export function hiddenFromModelField(fields: Readonly<Record<string, unknown>>): boolean {
  return (
    flagField(fields, 'disable-model-invocation') ||
    flagField(fields, 'hide-from-slash-command-tool')
  );
}

/** A list field: a YAML list, or `a, b` in one string (Claude Code accepts both). */
export function listField(
  fields: Readonly<Record<string, unknown>>,
  key: string,
): string[] | undefined {
  const value = fields[key];
  if (value === undefined || value === null) return undefined;
  const items = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value.split(/,(?![^(]*\))/)
      : [];
  return items
    .filter((item): item is string => typeof item === 'string')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
